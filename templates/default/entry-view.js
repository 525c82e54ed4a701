// entry-view.js: what an entry shows of its URL, for entries built in the browser (search
// results). The same answers as src/render/host.ts gives the pages (the tests compare them):
// the host without `www.` (host-name.js, which the pages use too: an IDN in Unicode only where a
// browser would show it so), and a monogram badge coloured by a hash of the host. Never fetches
// anything.
//
//   import { decorateEntry } from './entry-view.js'
//   decorateEntry(li, link, href, icon) // the favicon or badge first, `.domain` after the link

import { displayHost } from './host-name.js'

export { displayHost }

/** Badge colours in the stylesheet: `.m0` … `.m11`. */
export const MONOGRAM_HUES = 12

/**
 * @param {string} host
 * @returns {{ letter: string, hue: number }}
 */
export function monogramOf(host) {
  const first = /[\p{L}\p{N}]/u.exec(host)?.[0] ?? '?'
  let hash = 0x811c9dc5
  for (let index = 0; index < host.length; index++) {
    hash ^= host.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return { letter: first.toUpperCase(), hue: hash % MONOGRAM_HUES }
}

/**
 * Give an entry built in the browser what server-rendered entries have: the bookmark's stored
 * favicon (a file of the site), else the monogram badge, first in the entry, and the host after
 * its title link.
 * @param {HTMLElement} entry the `li.xfolkentry`
 * @param {HTMLElement} link its `.taggedlink`
 * @param {string | undefined} href
 * @param {string} [icon] the URL of its favicon on the site
 */
export function decorateEntry(entry, link, href, icon) {
  if (icon !== undefined) {
    const image = document.createElement('img')
    Object.assign(image, { className: 'favicon', src: icon, alt: '', width: 16, height: 16 })
    entry.prepend(image)
  }
  const host = displayHost(href)
  if (host === undefined) return
  if (icon === undefined) {
    const { letter, hue } = monogramOf(host)
    const badge = document.createElement('span')
    badge.className = `mono m${hue}`
    badge.setAttribute('aria-hidden', 'true')
    badge.textContent = letter
    entry.prepend(badge)
  }
  const domain = document.createElement('span')
  domain.className = 'domain'
  domain.textContent = host
  link.after(' ', domain)
}
