import { describe, expect, it } from 'vitest'
import { Utf8Chunks } from '../../../src/formats/shared/utf8-chunks.js'
import { random } from '../netscape/edits.js'

/** Pieces of every width of character, lone surrogates, and now and then one larger than a chunk. */
function pieces(seed: number): string[] {
  const next = random(seed)
  const alphabet = ['a', '<', '\n', 'é', 'ß', '—', '검', '€', '😀', '\uD800', '\uDC00', '\u0000', '\uFFFF']
  const out: string[] = []
  for (let index = 0; index < 4000; index++) {
    const length = next() < 0.01 ? 60_000 + Math.floor(next() * 100_000) : Math.floor(next() * 120)
    let piece = ''
    for (let at = 0; at < length; at++) piece += alphabet[Math.floor(next() * alphabet.length)]
    out.push(piece)
  }
  return out
}

describe('Utf8Chunks', () => {
  it('should hand on the UTF-8 of the joined pieces, in chunks that can be kept, none empty', () => {
    for (const seed of [1, 2, 3]) {
      const text = pieces(seed)
      const chunks: Uint8Array[] = []
      const out = new Utf8Chunks((chunk) => chunks.push(chunk))
      for (const piece of text) out.push(piece)
      out.end()
      expect(chunks.length).toBeGreaterThan(10)
      expect(chunks.every((chunk) => chunk.byteLength > 0)).toBe(true)
      // Kept chunks are not written over by later ones.
      expect(Buffer.concat(chunks).equals(Buffer.from(text.join(''), 'utf8'))).toBe(true)
      expect(Buffer.concat(chunks).toString('utf8')).toBe(Buffer.from(text.join(''), 'utf8').toString('utf8'))
    }
  })

  it('should hand on nothing for no text', () => {
    const chunks: Uint8Array[] = []
    const out = new Utf8Chunks((chunk) => chunks.push(chunk))
    out.push('')
    out.end()
    expect(chunks).toEqual([])
  })
})
