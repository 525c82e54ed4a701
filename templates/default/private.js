// private.js (served as private/unlock.js): the private section's page. Asks for the passphrase,
// derives the key with the browser's WebCrypto as the build did (src/build/private.ts: PBKDF2-
// SHA-256, then HKDF-SHA-256 for the AES-256-GCM key and a check value), decrypts data.bin beside
// this script, and shows its bookmarks folder by folder, with a search over them that runs in
// memory on the site's own search engine. Nothing is shown unless the file decrypts whole: a wrong
// passphrase (the check value differs) and a changed file (AES-GCM refuses it) each say so.
//
// "Keep them open in this tab" stores the derived key (never the passphrase) in sessionStorage,
// which the browser forgets when the tab is closed; "Lock" forgets it at once.
//
// The entries arrive as HTML the build rendered with the site's own entry renderer (every title,
// note and URL escaped there); they are parsed with DOMParser, which runs no script, and only
// from a file the key authenticated.
import SearchableMap from '../assets/searchable-map.js'
import { createSearchEngine } from '../assets/search-engine.js'
import { uiText } from '../assets/ui-text.js'

const say = uiText('ui-private')

const MAGIC = [0x42, 0x4b, 0x47, 0x50]
const VERSION = 1
const HEADER_BYTES = 4 + 1 + 4 + 16 + 12 + 16
const UTF8 = new TextEncoder()
const DEBOUNCE_MS = 100
// The key kept for the tab, per site (its base).
const STORE_KEY = `bookgen-private ${new URL('../', import.meta.url).href}`
const dataUrl = new URL('data.bin', import.meta.url)

const form = /** @type {HTMLFormElement | null} */ (document.getElementById('private-unlock'))
const passphrase = /** @type {HTMLInputElement | null} */ (document.getElementById('private-passphrase'))
const keepBox = /** @type {HTMLInputElement | null} */ (document.getElementById('private-keep'))
const status = document.getElementById('private-status')
const contents = document.getElementById('private-contents')
if (form && passphrase && keepBox && status && contents) main(form, passphrase, keepBox, status, contents)

/**
 * @param {HTMLFormElement} form
 * @param {HTMLInputElement} passphrase
 * @param {HTMLInputElement} keepBox
 * @param {HTMLElement} status
 * @param {HTMLElement} contents
 */
async function main(form, passphrase, keepBox, status, contents) {
  /** @type {Promise<Uint8Array> | undefined} */
  let file
  const fileBytes = () =>
    (file ??= fetch(dataUrl).then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      return new Uint8Array(await response.arrayBuffer())
    }))
  const fail = (/** @type {string} */ message) => {
    status.setAttribute('role', 'alert')
    status.textContent = message
    contents.hidden = true
    form.hidden = false
  }
  /** @param {ArrayBuffer} master */
  const open = async (master) => {
    const bytes = await fileBytes()
    const payload = await decrypt(bytes, master)
    status.removeAttribute('role')
    status.textContent = ''
    form.hidden = true
    show(payload, contents)
    return payload
  }

  document.getElementById('private-lock')?.addEventListener('click', () => {
    forgetKept()
    location.replace(location.pathname)
  })

  const kept = readKept()
  if (kept !== undefined) {
    status.textContent = say('opening')
    try {
      await open(kept)
      return
    } catch {
      // Kept for an older build (a new salt each build), or the file changed: ask again.
      forgetKept()
      status.textContent = ''
    }
  }
  form.hidden = false
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const button = form.querySelector('button')
    if (button) button.disabled = true
    status.removeAttribute('role')
    status.textContent = say('opening')
    try {
      const bytes = await fileBytes()
      const master = await deriveMaster(passphrase.value, header(bytes))
      await open(master)
      passphrase.value = ''
      if (keepBox.checked) keep(master)
    } catch (error) {
      file = undefined
      fail(messageFor(error))
    } finally {
      if (button) button.disabled = false
    }
  })
}

/**
 * What to tell the reader when opening failed.
 * @param {unknown} error
 */
function messageFor(error) {
  const reason = error instanceof Error ? error.message : ''
  if (reason === 'passphrase') return say('wrong')
  if (reason === 'damaged') return say('damaged')
  if (reason === 'format') return say('format')
  return say('failed', { reason: reason || say('unknown') })
}

/**
 * The fields of the file's header; throws `format` for anything else.
 * @param {Uint8Array} bytes
 */
function header(bytes) {
  if (
    bytes.length < HEADER_BYTES + 16 ||
    MAGIC.some((byte, index) => bytes[index] !== byte) ||
    bytes[4] !== VERSION
  )
    throw new Error('format')
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  return {
    iterations: view.getUint32(5),
    salt: bytes.slice(9, 25),
    nonce: bytes.slice(25, 37),
    check: bytes.slice(37, 53),
  }
}

/**
 * The 256 bits PBKDF2 derives from the passphrase (what "keep them open" stores).
 * @param {string} text
 * @param {{ iterations: number, salt: Uint8Array }} fields
 */
async function deriveMaster(text, { iterations, salt }) {
  const material = await crypto.subtle.importKey('raw', UTF8.encode(text.normalize('NFC')), 'PBKDF2', false, [
    'deriveBits',
  ])
  return crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, 256)
}

/**
 * Decrypt the file with the bits `deriveMaster` gave; throws `passphrase`, `damaged` or `format`.
 * @param {Uint8Array} bytes
 * @param {ArrayBuffer} master
 */
async function decrypt(bytes, master) {
  const fields = header(bytes)
  const base = await crypto.subtle.importKey('raw', master, 'HKDF', false, ['deriveKey', 'deriveBits'])
  const hkdf = (/** @type {string} */ info) => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: new Uint8Array(),
    info: UTF8.encode(info),
  })
  const check = new Uint8Array(await crypto.subtle.deriveBits(hkdf('bookgen private check'), base, 128))
  if (check.some((byte, index) => byte !== fields.check[index])) throw new Error('passphrase')
  const key = await crypto.subtle.deriveKey(
    hkdf('bookgen private key'),
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  )
  let plain
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fields.nonce, additionalData: bytes.subarray(0, HEADER_BYTES) },
      key,
      bytes.subarray(HEADER_BYTES),
    )
  } catch {
    throw new Error('damaged')
  }
  const text = await new Response(
    new Blob([plain]).stream().pipeThrough(new DecompressionStream('gzip')),
  ).text()
  return /** @type {{ count: number, folders: Array<{ path: string, entries: string[] }>, search: Record<string, string> }} */ (
    JSON.parse(text)
  )
}

/** @returns {ArrayBuffer | undefined} */
function readKept() {
  try {
    const text = sessionStorage.getItem(STORE_KEY)
    if (text === null) return undefined
    return Uint8Array.from(atob(text), (character) => character.charCodeAt(0)).buffer
  } catch {
    return undefined
  }
}

/** @param {ArrayBuffer} master */
function keep(master) {
  try {
    sessionStorage.setItem(STORE_KEY, btoa(String.fromCharCode(...new Uint8Array(master))))
  } catch {
    // Storage turned off: open for this page only.
  }
}

function forgetKept() {
  try {
    sessionStorage.removeItem(STORE_KEY)
  } catch {
    // Storage turned off: nothing was kept.
  }
}

/**
 * Show the bookmarks folder by folder, and search them as the reader types.
 * @param {{ count: number, folders: Array<{ path: string, entries: string[] }>, search: Record<string, string> }} payload
 * @param {HTMLElement} contents
 */
function show(payload, contents) {
  const folders = /** @type {HTMLElement} */ (document.getElementById('private-folders'))
  const results = /** @type {HTMLElement} */ (document.getElementById('private-results'))
  const count = /** @type {HTMLElement} */ (document.getElementById('private-count'))
  const input = /** @type {HTMLInputElement} */ (document.getElementById('private-search'))
  /** @type {Element[]} */
  const entries = []
  const parser = new DOMParser()
  const sections = payload.folders.map((folder, index) => {
    const section = document.createElement('section')
    const heading = document.createElement('h2')
    heading.id = `private-folder-${index}`
    heading.textContent = folder.path || say('topLevel')
    section.setAttribute('aria-labelledby', heading.id)
    const list = document.createElement('ul')
    list.className = 'entries'
    const parsed = parser.parseFromString(`<ul>${folder.entries.join('')}</ul>`, 'text/html')
    for (const item of parsed.body.firstElementChild?.children ?? []) {
      const entry = document.importNode(item, true)
      entries.push(entry)
      list.append(entry)
    }
    section.append(heading, list)
    return section
  })
  folders.replaceChildren(...sections)
  const summary = say('count', { count: payload.count })
  count.textContent = summary
  contents.hidden = false

  const engine = createSearchEngine({
    SearchableMap,
    fetchJson: async (/** @type {string} */ name) => {
      const text = payload.search[name]
      if (text === undefined) throw new Error(`no ${name} in the private search index`)
      return JSON.parse(text)
    },
    indexUrl: 'index.json',
  })
  let timer = 0
  let latest = ''
  const run = async () => {
    const query = input.value.trim()
    latest = query
    const url = new URL(location.href)
    if (query === '') url.searchParams.delete('q')
    else url.searchParams.set('q', query)
    history.replaceState(null, '', url)
    if (query === '') {
      results.hidden = true
      results.replaceChildren()
      folders.hidden = false
      count.textContent = summary
      return
    }
    let result = await engine.search(query)
    if (result.partial && result.complete) result = await result.complete()
    if (latest !== query) return
    results.replaceChildren(...[...result.ids].map((id) => entries[id].cloneNode(true)))
    results.hidden = false
    folders.hidden = true
    count.textContent = say('results', { count: result.total, query, summary })
  }
  input.addEventListener('input', () => {
    clearTimeout(timer)
    timer = window.setTimeout(run, DEBOUNCE_MS)
  })
  // A tag or folder link of an entry searches the section for it.
  contents.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null
    if (!(link instanceof HTMLAnchorElement) || !link.getAttribute('href')?.startsWith('?q=')) return
    event.preventDefault()
    input.value = new URL(link.href).searchParams.get('q') ?? ''
    run()
  })
  const initial = new URL(location.href).searchParams.get('q')
  if (initial) {
    input.value = initial
    run()
  }
}
