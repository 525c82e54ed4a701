/**
 * Gzip members compressed on other threads come back in order, as the same bytes as compressed
 * here: a gzipped export is the same file whichever thread made it.
 */
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { gzipMembers } from '../../src/site-files/gzip-members.js'

/** Text of `size` bytes that compresses like an export (repeated words, changing numbers). */
function text(size: number, seed: number): Uint8Array {
  const words = ['<DT><A HREF="https://example.com/', 'guide', 'notes', '검색', 'café', '">', '</A>\n']
  const parts: string[] = []
  let length = 0
  for (let index = 0; length < size; index++) {
    const part = `${words[(index * 7 + seed) % words.length]}${(index * 2654435761 + seed) % 9973}`
    parts.push(part)
    length += Buffer.byteLength(part)
  }
  return Buffer.from(parts.join('')).subarray(0, size)
}

/** The members `gzipMembers` writes for these texts, with `threads` threads (0: here). */
function compress(texts: Uint8Array[], threads: number): Uint8Array[] {
  const out: Uint8Array[] = []
  const members = gzipMembers((member) => out.push(member), threads)
  try {
    // Copies: the texts are moved to the threads that compress them.
    for (const piece of texts) members.add(Uint8Array.from(piece))
    members.finish()
  } finally {
    members.close()
  }
  return out
}

describe('gzipMembers', () => {
  it('should give the members in order, the same bytes as compressed on this thread', () => {
    // Sizes that take different times, so that answers come back out of order.
    const texts = [1 << 20, 3000, 1 << 19, 17, 1 << 20, 0, 200_000, 1 << 20, 5, 1 << 18].map((size, index) =>
      text(size, index),
    )
    for (const threads of [1, 2, 3]) {
      const members = compress(texts, threads)
      expect(members.length).toBe(texts.length)
      // (Compared as buffers: `toEqual` goes byte by byte through megabytes.)
      expect(Buffer.concat(members).equals(Buffer.concat(compress(texts, 0))), `${threads} threads`).toBe(
        true,
      )
      expect(gunzipSync(Buffer.concat(members)).equals(Buffer.concat(texts))).toBe(true)
    }
  })

  it('should hold few members at once however many are added', () => {
    const texts = Array.from({ length: 40 }, (_, index) => text(64 * 1024, index))
    let written = 0
    let mostOut = 0
    const members = gzipMembers(() => written++, 2)
    try {
      for (const [index, piece] of texts.entries()) {
        members.add(piece)
        mostOut = Math.max(mostOut, index + 1 - written)
      }
      members.finish()
    } finally {
      members.close()
    }
    expect(written).toBe(texts.length)
    expect(mostOut).toBeLessThan(texts.length / 2)
  })

  it('should let a failure of the sink through, and stop its threads', () => {
    const members = gzipMembers(() => {
      throw new Error('disk full')
    }, 2)
    expect(() => {
      try {
        members.add(text(1000, 1))
        members.finish()
      } finally {
        members.close()
      }
    }).toThrow('disk full')
  })
})
