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
  const first = /[\p{L}\p{N}]/u.exec(host)?.[0] ?? '?'
  return { letter: first.toUpperCase(), hue: hashOf(host) % MONOGRAM_HUES }
}

/** FNV-1a over the UTF-16 units of `text` (the browser twin computes the same). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}
