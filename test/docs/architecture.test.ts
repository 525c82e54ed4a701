/**
 * docs/architecture.md names the sizes at which a build changes how it works: each must be the
 * size the code uses, so the document stays true when a constant changes.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { COLLECT_FROM_BYTES } from '../../src/build/collect.js'
import { OWN_STRINGS_BYTES } from '../../src/build/parser.js'
import { REUSE_BYTES } from '../../src/dev/incremental-parser.js'
import { XBEL_BYTES_AS_TEXT } from '../../src/formats/xbel/index.js'
import { GZIP_EXPORTS_FROM } from '../../src/pages/downloads.js'

const doc = readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'architecture.md'), 'utf8')

/** The size the row naming `constant` gives, in bytes or bookmarks. */
function documented(constant: string): number {
  const row = doc.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${constant}\``))
  expect(row, constant).toBeDefined()
  const [, from = ''] = row!.split('|')
  const mib = /^\s*(\d+) MiB\b/.exec(from)
  if (mib) return Number(mib[1]) * 1024 * 1024
  const count = /^\s*([\d,]+) bookmarks\b/.exec(from)
  expect(count, row).not.toBeNull()
  return Number(count![1]!.replaceAll(',', ''))
}

describe('docs/architecture.md', () => {
  it('should give the sizes the code uses', () => {
    expect(documented('XBEL_BYTES_AS_TEXT')).toBe(XBEL_BYTES_AS_TEXT)
    expect(documented('REUSE_BYTES')).toBe(REUSE_BYTES)
    expect(documented('COLLECT_FROM_BYTES')).toBe(COLLECT_FROM_BYTES)
    expect(documented('OWN_STRINGS_BYTES')).toBe(OWN_STRINGS_BYTES)
    expect(documented('GZIP_EXPORTS_FROM')).toBe(GZIP_EXPORTS_FROM)
  })
})
