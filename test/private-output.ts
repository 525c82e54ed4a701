/**
 * The checks the tests of the private section make on a built site: its files as bytes, a site
 * built from one source with the passphrase set or not, the forms a private string may take in
 * the output, where any of them shows outside the encrypted file (`.gz` files opened), and the
 * public files compared between a build with the passphrase and one without.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { expect } from 'vitest'
import { build } from '../src/build/index.js'
import { PRIVATE_DATA_PATH } from '../src/build/private.js'
import { resolveConfig } from '../src/config/options.js'
import { PRIVATE_CONFIG } from './private-fixture.js'

/** The files of the locked section, by path in the output. */
export const SECTION_FILES = ['private/data.bin', 'private/index.html', 'private/unlock.js']

/** The passphrase the tests build with. */
export const PASSPHRASE = 'correct horse battery staple'

/** The titles and slugs of the private folders the tests write (`Secret Vault` and `Inner Sanctum` in it). */
export const PRIVATE_FOLDER_NAMES = ['Secret Vault', 'Inner Sanctum', 'secret-vault', 'inner-sanctum']

/** Every file of the output folder `root` as bytes, by path with `/`. */
export function siteFiles(root: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>()
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    found.set(path.relative(root, full).split(path.sep).join('/'), readFileSync(full))
  }
  return found
}

/**
 * Build `source` (in `dir`) into `dir/out` with `PRIVATE_CONFIG`, with the passphrase set in its
 * environment variable or not, the exports gzipped or plain.
 */
export async function buildPrivateSite(
  dir: string,
  source: string,
  out: string,
  passphrase: string | undefined,
  exports: 'gzip' | 'plain',
): Promise<void> {
  const config = resolveConfig(
    { private: PRIVATE_CONFIG, site: 'https://me.example/links/', exports },
    { sources: [path.join(dir, source)], outDir: path.join(dir, out), base: '/links/' },
    { cwd: dir },
  )
  const variable = PRIVATE_CONFIG.passphraseEnv
  if (passphrase === undefined) delete process.env[variable]
  else process.env[variable] = passphrase
  try {
    await build(config)
  } finally {
    delete process.env[variable]
  }
}

/** A string as each output format may write it: plain, HTML-, JSON- and percent-encoded. */
export function forms(text: string): string[] {
  const html = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
  const attribute = html.replaceAll('"', '&quot;')
  return [
    ...new Set([
      text,
      html,
      attribute,
      attribute.replaceAll("'", '&#x27;'),
      attribute.replaceAll("'", '&#39;'),
      JSON.stringify(text).slice(1, -1),
      encodeURIComponent(text),
      encodeURI(text),
      encodeURIComponent(text).replaceAll('%20', '+'),
    ]),
  ]
}

/** A file's text in lower case (the search index lowers what it keeps), a `.gz` file opened. */
export function lowerText(file: string, bytes: Buffer): string {
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8').toLowerCase()
}

/**
 * The needles (lower case) each file of `site` but the encrypted one holds, by file; empty when
 * nothing private shows.
 */
export function leaks(site: Map<string, Buffer>, needles: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const [file, bytes] of site) {
    if (file === PRIVATE_DATA_PATH) continue
    const text = lowerText(file, bytes)
    const hits = needles.filter((needle) => text.includes(needle))
    if (hits.length > 0) found.set(file, hits)
  }
  return found
}

/**
 * Expect the site built with the passphrase to hold the section's files and, besides them, the
 * same files byte for byte as the one built without; the output's marker differing by the count
 * of the section's files alone. Returns how many public files were compared.
 */
export function expectSamePublicFiles(
  without: Map<string, Buffer>,
  withSection: Map<string, Buffer>,
): number {
  const section = [...withSection.keys()].filter((file) => file.startsWith('private/')).sort()
  expect(section).toEqual(SECTION_FILES)
  expect([...without.keys()].filter((file) => file.startsWith('private/'))).toEqual([])
  const publicFiles = [...withSection.keys()].filter((file) => !section.includes(file)).sort()
  expect(publicFiles).toEqual([...without.keys()].sort())
  for (const file of publicFiles) {
    if (file === '.bookgen') continue
    expect(withSection.get(file)!.equals(without.get(file)!), file).toBe(true)
  }
  const marker = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as { files: number }
  const before = marker(without.get('.bookgen')!)
  const after = marker(withSection.get('.bookgen')!)
  expect({ ...after, files: after.files - section.length }).toEqual(before)
  return publicFiles.length
}
