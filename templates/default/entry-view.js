// entry-view.js: what an entry shows of its URL, for entries built in the browser (search
// results). The same answers as src/render/host.ts gives the pages (the tests compare them):
// the host without `www.` (an IDN in Unicode, as the URL parser gives it), and a monogram badge
// coloured by a hash of the host. Never fetches anything.
//
//   import { decorateEntry } from './entry-view.js'
//   decorateEntry(li, link, href) // the badge first in the entry, `.domain` after the link

/** Badge colours in the stylesheet: `.m0` … `.m11`. */
export const MONOGRAM_HUES = 12

/**
 * @param {string | undefined} href
 * @returns {string | undefined}
 */
export function displayHost(href) {
  if (!href) return undefined
  const match = /^(?:https?|ftp):\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(href)
  if (match === null || match[1] === '') return undefined
  let host = match[1].toLowerCase()
  if (host.includes('xn--')) host = punycodeToUnicode(host)
  return host.startsWith('www.') && host.length > 4 ? host.slice(4) : host
}

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
 * Give an entry built in the browser what server-rendered entries have: the monogram badge first
 * in the entry and the host after its title link.
 * @param {HTMLElement} entry the `li.xfolkentry`
 * @param {HTMLElement} link its `.taggedlink`
 * @param {string | undefined} href
 */
export function decorateEntry(entry, link, href) {
  const host = displayHost(href)
  if (host === undefined) return
  const { letter, hue } = monogramOf(host)
  const badge = document.createElement('span')
  badge.className = `mono m${hue}`
  badge.setAttribute('aria-hidden', 'true')
  badge.textContent = letter
  entry.prepend(badge)
  const domain = document.createElement('span')
  domain.className = 'domain'
  domain.textContent = host
  link.after(' ', domain)
}

/**
 * An IDN host in Unicode, through the URL parser's own knowledge: the browser keeps hosts in
 * ASCII, so decode each `xn--` label (RFC 3492).
 * @param {string} host
 */
function punycodeToUnicode(host) {
  return host
    .split('.')
    .map((label) => {
      if (!label.startsWith('xn--')) return label
      try {
        return decodePunycode(label.slice(4))
      } catch {
        return label
      }
    })
    .join('.')
}

/** @param {string} input */
function decodePunycode(input) {
  const base = 36
  let n = 128
  let i = 0
  let bias = 72
  const output = []
  const basic = input.lastIndexOf('-')
  for (let j = 0; j < (basic < 0 ? 0 : basic); j++) output.push(input.charCodeAt(j))
  for (let index = basic < 0 ? 0 : basic + 1; index < input.length;) {
    const oldi = i
    for (let w = 1, k = base; ; k += base) {
      if (index >= input.length) throw new Error('bad punycode')
      const code = input.charCodeAt(index++)
      const digit =
        code - 48 < 10 ? code - 22 : code - 65 < 26 ? code - 65 : code - 97 < 26 ? code - 97 : base
      if (digit >= base) throw new Error('bad punycode')
      i += digit * w
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias
      if (digit < t) break
      w *= base - t
    }
    const length = output.length + 1
    bias = adapt(i - oldi, length, oldi === 0)
    n += Math.floor(i / length)
    i %= length
    output.splice(i++, 0, n)
  }
  return String.fromCodePoint(...output)
}

/**
 * @param {number} delta
 * @param {number} points
 * @param {boolean} first
 */
function adapt(delta, points, first) {
  let k = 0
  delta = first ? Math.floor(delta / 700) : delta >> 1
  delta += Math.floor(delta / points)
  for (; delta > 455; k += 36) delta = Math.floor(delta / 35)
  return Math.floor(k + (36 * delta) / (delta + 38))
}
