/**
 * What an entry shows of its URL: the host as people read it (`www.` dropped, an IDN in Unicode
 * where a browser would show it so, else in punycode: `templates/default/host-name.js`, which the
 * search results in the browser use too), and the monogram badge drawn for a bookmark without a
 * favicon of its own: the host's first letter on one of `MONOGRAM_HUES` colours, picked by a hash
 * of the host, so the same site always gets the same badge and no favicon is ever fetched from a
 * third party.
 *
 * `templates/default/entry-view.js` draws the same badge in the browser (search results); the
 * tests hold the two to the same answers.
 */
export { displayHost } from '#host-name'

/** How many badge colours the stylesheet defines (`.m0` … `.m11`). */
export const MONOGRAM_HUES = 12

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
