/**
 * What an entry shows of its URL: the host as people read it (`www.` dropped, an IDN in Unicode),
 * and the monogram badge drawn for a bookmark without a favicon of its own: the host's first
 * letter on one of `MONOGRAM_HUES` colours, picked by a hash of the host, so the same site always
 * gets the same badge and no favicon is ever fetched from a third party.
 *
 * `templates/default/entry-view.js` does the same in the browser (search results); the tests
 * hold the two to the same answers.
 */
import { domainToUnicode } from 'node:url'

/** How many badge colours the stylesheet defines (`.m0` … `.m11`). */
export const MONOGRAM_HUES = 12

/**
 * The host of an http(s) or ftp URL as shown on an entry, or `undefined` for a URL without one.
 *
 * @example displayHost('https://www.Example.org/a') // → 'example.org'
 * @example displayHost('https://xn--bcher-kva.example/') // → 'bücher.example'
 */
export function displayHost(href: string | undefined): string | undefined {
  if (href === undefined) return undefined
  const match = /^(?:https?|ftp):\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(href)
  if (match === null || match[1] === '') return undefined
  let host = match[1]!.toLowerCase()
  if (host.includes('xn--')) host = domainToUnicode(host) || host
  return host.startsWith('www.') && host.length > 4 ? host.slice(4) : host
}

/** The badge of a host: its first letter or digit (upper case) and a colour number. */
export function monogramOf(host: string): { letter: string; hue: number } {
  let monogram = monograms.get(host)
  if (monogram === undefined) {
    const first = /[\p{L}\p{N}]/u.exec(host)?.[0] ?? '?'
    monogram = Object.freeze({ letter: first.toUpperCase(), hue: hashOf(host) % MONOGRAM_HUES })
    if (monograms.size >= MONOGRAMS_KEPT) monograms.clear()
    monograms.set(host, monogram)
  }
  return monogram
}

/**
 * Badges made, by host: many bookmarks share their host with others (the bench's 10k bookmarks,
 * on 20 hosts: 5.0 → 1.8 ms, the code not yet compiled). Started afresh past `MONOGRAMS_KEPT` hosts.
 */
const monograms = new Map<string, { readonly letter: string; readonly hue: number }>()
const MONOGRAMS_KEPT = 1 << 16

/** FNV-1a over the UTF-16 units of `text` (the browser twin computes the same). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}
