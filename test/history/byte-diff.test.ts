/**
 * `diffBytes` always gives a valid edit script: the bytes between edits are equal in both versions,
 * so applying the edits to the old version gives the new one. Random line-based edits, like a sync's.
 */
import { describe, expect, it } from 'vitest'
import { diffBytes } from '../../src/history/byte-diff.js'

function apply(a: Buffer, b: Buffer, edits: ReturnType<typeof diffBytes>): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (const edit of edits) {
    expect(edit.oldStart).toBeGreaterThanOrEqual(at)
    parts.push(a.subarray(at, edit.oldStart), b.subarray(edit.newStart, edit.newEnd))
    at = edit.oldEnd
  }
  parts.push(a.subarray(at))
  return Buffer.concat(parts)
}

describe('diffBytes', () => {
  it('gives edits that turn the old bytes into the new ones', () => {
    let seed = 11
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return Math.floor((seed / 2147483648) * n)
    }
    for (let round = 0; round < 200; round++) {
      const lines = Array.from(
        { length: 50 + random(200) },
        (_, n) => `  <bookmark id="${n % 7}"><title>T ${random(5)}</title></bookmark>`,
      )
      const before = Buffer.from(lines.join('\n'))
      for (let e = random(8); e >= 0; e--) {
        const at = random(lines.length)
        const kind = random(3)
        if (kind === 0) lines.splice(at, 1)
        else if (kind === 1)
          lines.splice(at, 0, `  <bookmark id="${random(9)}"><title>New</title></bookmark>`)
        else lines[at] = `${lines[at] ?? ''}x`
      }
      const after = Buffer.from(lines.join('\n'))
      const edits = diffBytes(before, after)
      expect(apply(before, after, edits).equals(after)).toBe(true)
      for (let k = 0, at = 0; k < edits.length; k++) {
        // Outside the edits, the versions agree byte for byte.
        const edit = edits[k]!
        const shift = k === 0 ? 0 : edits[k - 1]!.newEnd - edits[k - 1]!.oldEnd
        expect(before.subarray(at, edit.oldStart).equals(after.subarray(at + shift, edit.newStart))).toBe(
          true,
        )
        at = edit.oldEnd
      }
    }
    expect(diffBytes(Buffer.from('same'), Buffer.from('same'))).toEqual([])
  })
})
