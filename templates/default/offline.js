// offline.js: the offline page's script (`offline/`).
// - When the service worker sent the reader here from a page that was not kept (`?from=`), it says
//   so at the top, with a link back to that page.
// - "Keep the whole collection offline": fetches every file `offline/files.json` lists (every page,
//   the search index, the assets), a few at a time, into the cache of the build that listed them
//   (the cache the service worker of that build reads, see sw.js), with a progress bar and the
//   size it takes. What is kept already is not fetched again, so a stopped run resumes. Once every
//   file is in, files.json goes in too: a newer build's worker then carries the collection over.
import { uiText } from './ui-text.js'

const say = uiText('ui-offline')
const KEEP_HEADER = 'x-bookgen-keep'
const AT_ONCE = 6

// This script is in assets/, right below the base.
const base = new URL('../', import.meta.url)
const filesUrl = new URL('offline/files.json', base)

showMissing()

const box = document.getElementById('keep-offline')
const button = /** @type {HTMLButtonElement | null} */ (document.getElementById('keep-start'))
const progress = /** @type {HTMLProgressElement | null} */ (document.getElementById('keep-progress'))
const status = document.getElementById('keep-status')
const usable =
  'serviceWorker' in navigator && typeof caches !== 'undefined' && /^https?:$/.test(location.protocol)
if (box && button && progress && status && usable) {
  document.getElementById('keep-unavailable')?.setAttribute('hidden', '')
  box.hidden = false
  prepare(button, progress, status)
}

/** The notice about the page the reader asked for, when the service worker sent them here. */
function showMissing() {
  const notice = document.getElementById('offline-missing')
  const from = new URL(location.href).searchParams.get('from')
  if (!notice || from === null) return
  const target = new URL(from, base)
  const parts = [say('missing')]
  // Only a page of this site becomes a link.
  if (target.origin === base.origin && target.href.startsWith(base.href)) {
    const link = document.createElement('a')
    link.href = target.href
    link.textContent = decodeURIComponent(target.pathname.slice(base.pathname.length)) || say('home')
    parts.push(say('colon'), link)
  }
  notice.append(...parts, say('missingEnd'))
  notice.hidden = false
}

/**
 * @param {number} bytes
 * @returns {string}
 */
function megabytes(bytes) {
  return `${(bytes / 1e6).toLocaleString(document.documentElement.lang || 'en', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`
}

/**
 * Find what is kept already, and offer to keep the rest.
 * @param {HTMLButtonElement} button
 * @param {HTMLProgressElement} progress
 * @param {HTMLElement} status
 */
async function prepare(button, progress, status) {
  button.disabled = true
  status.textContent = say('looking')
  /** @type {{ build: string, bytes: number, files: Array<[string, number, string]> }} */
  let list
  if (!navigator.onLine) {
    // Offline: what a finished keep left, if anything.
    const kept = await caches.match(filesUrl).catch(() => undefined)
    if (kept !== undefined) done(button, status, await kept.json())
    else status.textContent = say('connect')
    return
  }
  try {
    const response = await fetch(filesUrl, { cache: 'no-cache', headers: { [KEEP_HEADER]: '1' } })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    list = await response.json()
  } catch {
    status.textContent = say('connect')
    return
  }
  const cache = await caches.open(`bookgen ${base.href} ${list.build}`)
  const present = new Set((await cache.keys()).map((request) => request.url))
  const missing = list.files.filter(([path]) => !present.has(new URL(path, base).href))
  const left = missing.reduce((sum, [, size]) => sum + size, 0)
  if (missing.length === 0) {
    done(button, status, list)
    if (!present.has(filesUrl.href)) await cache.put(filesUrl, Response.json(list))
    return
  }
  button.textContent =
    left === list.bytes
      ? say('keepSize', { size: megabytes(list.bytes) })
      : say('finish', { left: megabytes(left), size: megabytes(list.bytes) })
  status.textContent = ''
  button.disabled = false
  button.addEventListener('click', () => keep(button, progress, status, { list, cache, missing, left }), {
    once: true,
  })
}

/**
 * Fetch what is missing into the cache, a few files at a time, showing the progress.
 * @param {HTMLButtonElement} button
 * @param {HTMLProgressElement} progress
 * @param {HTMLElement} status
 * @param {{ list: { build: string, bytes: number, files: Array<[string, number, string]> }, cache: Cache,
 *   missing: Array<[string, number, string]>, left: number }} work
 */
async function keep(button, progress, status, { list, cache, missing, left }) {
  button.disabled = true
  const room = await Promise.resolve(navigator.storage?.estimate?.()).catch(() => undefined)
  if (room?.quota !== undefined && room.quota - (room.usage ?? 0) < left) {
    status.textContent = say('room', {
      room: megabytes(room.quota - (room.usage ?? 0)),
      needs: megabytes(left),
    })
    button.disabled = false
    return
  }
  // Ask the browser not to clear the kept files when space runs low (it may say no).
  Promise.resolve(navigator.storage?.persist?.()).catch(() => false)
  let kept = list.bytes - left
  let next = 0
  let failure = ''
  progress.max = list.bytes
  progress.value = kept
  progress.hidden = false
  const show = () => {
    progress.value = kept
    status.textContent = say('keeping', { kept: megabytes(kept), size: megabytes(list.bytes) })
  }
  show()
  const worker = async () => {
    while (failure === '' && next < missing.length) {
      const [path, size] = missing[next++]
      const url = new URL(path, base)
      try {
        const response = await fetch(url, { cache: 'no-cache', headers: { [KEEP_HEADER]: '1' } })
        if (!response.ok) throw new Error(`HTTP ${response.status} for ${path || 'the home page'}`)
        await cache.put(url, response)
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error)
        return
      }
      kept += size
      show()
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
  if (failure !== '') {
    await prepare(button, progress, status)
    if (!button.disabled)
      status.textContent = say('stopped', {
        failure,
        kept: megabytes(kept),
        size: megabytes(list.bytes),
      })
    return
  }
  await cache.put(filesUrl, Response.json(list))
  done(button, status, list)
}

/**
 * @param {HTMLButtonElement} button
 * @param {HTMLElement} status
 * @param {{ bytes: number }} list
 */
function done(button, status, list) {
  button.textContent = say('kept')
  button.disabled = true
  status.textContent = say('done', { size: megabytes(list.bytes) })
}
