// site.js: small enhancements on every page; each page works without them.
// - `/` focuses the search box (unless you are typing somewhere already).
// - Pages marked `data-sortable` (folders, tags, archive) get a sort menu: source order (as the
//   HTML has it), newest, title, host; the choice is remembered in localStorage.
// - The tag index gets its filter box and an A–Z / most used toggle.
// - A page with a web app manifest (`offline`, on by default) registers the service worker (sw.js,
//   at the base) and reloads once a newer build's worker takes it over; a page without one (the
//   option off, or `bookgen dev`) removes a worker registered for the site before, so that a stale
//   one never hides a rebuild. Without service workers (`file://`, older browsers) nothing changes.
// - The folder tree (`folders/`) gets its "Expand all" / "Collapse all" button.
import { uiText } from './ui-text.js'

const say = uiText('ui-text')
const SORT_KEY = 'bookgen-sort'
/** @type {Intl.Collator | undefined} */
let collator
/** The page language's collator, made on the first sort: making one takes tens of milliseconds. */
const compareText = (/** @type {string} */ a, /** @type {string} */ b) =>
  (collator ??= new Intl.Collator(document.documentElement.lang || undefined, {
    sensitivity: 'base',
    numeric: true,
  })).compare(a, b)

document.addEventListener('keydown', (event) => {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return
  const target = /** @type {HTMLElement | null} */ (event.target)
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return
  const search = /** @type {HTMLInputElement | null} */ (document.getElementById('search-q'))
  if (!search) return
  event.preventDefault()
  search.focus()
  search.select()
})

serviceWorker()

const main = document.getElementById('main')
if (main && main.hasAttribute('data-sortable')) sortable(main)
const tagTools = document.querySelector('.tag-tools')
if (tagTools instanceof HTMLElement) tagFilter(tagTools)
const expandAll = document.querySelector('button.expand-all')
if (expandAll instanceof HTMLElement) folderTree(/** @type {HTMLButtonElement} */ (expandAll))

/** @param {HTMLElement} main */
function sortable(main) {
  const lists = [...main.querySelectorAll('ul.entries')]
  const count = lists.reduce((sum, list) => sum + list.children.length, 0)
  if (count < 2) return
  lists.forEach((list) =>
    [...list.children].forEach((item, index) => item.setAttribute('data-i', String(index))),
  )
  const wrap = document.createElement('div')
  wrap.className = 'sort-control'
  const label = document.createElement('label')
  label.htmlFor = 'sort-order'
  label.textContent = say('sort')
  const select = document.createElement('select')
  select.id = 'sort-order'
  for (const [value, text] of [
    ['source', say('sortSource')],
    ['newest', say('sortNewest')],
    ['title', say('sortTitle')],
    ['host', say('sortSite')],
  ]) {
    const option = document.createElement('option')
    option.value = value
    option.textContent = text
    select.append(option)
  }
  wrap.append(label, ' ', select)
  lists[0].before(wrap)
  let saved = 'source'
  try {
    saved = localStorage.getItem(SORT_KEY) ?? 'source'
  } catch {
    // storage disabled: the default order
  }
  if (!['source', 'newest', 'title', 'host'].includes(saved)) saved = 'source'
  select.value = saved
  const apply = () => {
    for (const list of lists) sortList(list, select.value)
  }
  select.addEventListener('change', () => {
    try {
      localStorage.setItem(SORT_KEY, select.value)
    } catch {
      // storage disabled: this page only
    }
    apply()
  })
  if (saved !== 'source') apply()
}

/**
 * @param {Element} list
 * @param {string} order
 */
function sortList(list, order) {
  const items = [...list.children].map((item) => ({
    item,
    index: Number(item.getAttribute('data-i')),
    // A full entry's <time> has the instant in datetime, a compact one (tag and archive pages) the day.
    date: dateOf(item.querySelector('time')),
    title: item.querySelector('.taggedlink, .alias-link')?.textContent?.trim() ?? '',
    host: item.querySelector('.domain')?.textContent ?? '',
  }))
  /** @type {(a: (typeof items)[number], b: (typeof items)[number]) => number} */
  const compare =
    order === 'newest'
      ? (a, b) => (a.date === b.date ? 0 : a.date === '' ? 1 : b.date === '' ? -1 : a.date < b.date ? 1 : -1)
      : order === 'title'
        ? (a, b) => compareText(a.title, b.title)
        : order === 'host'
          ? (a, b) =>
              (a.host === '') !== (b.host === '')
                ? a.host === ''
                  ? 1
                  : -1
                : compareText(a.host, b.host) || compareText(a.title, b.title)
          : () => 0
  items.sort((a, b) => compare(a, b) || a.index - b.index)
  list.append(...items.map((entry) => entry.item))
}

/**
 * @param {Element | null} time
 * @returns {string}
 */
function dateOf(time) {
  return time?.getAttribute('datetime') ?? time?.textContent ?? ''
}

/** @param {HTMLElement} tools */
function tagFilter(tools) {
  const input = /** @type {HTMLInputElement | null} */ (tools.querySelector('#tag-filter'))
  const toggle = /** @type {HTMLButtonElement | null} */ (tools.querySelector('#tag-order'))
  const list = document.querySelector('.tag-index')
  if (!input || !toggle || !list) return
  tools.hidden = false
  const items = [...list.children].map((item, index) => ({
    item: /** @type {HTMLElement} */ (item),
    index,
    name: (item.querySelector('a')?.textContent ?? '').toLowerCase(),
  }))
  input.addEventListener('input', () => {
    const query = input.value.trim().toLowerCase()
    for (const { item, name } of items) item.hidden = query !== '' && !name.includes(query)
  })
  let alphabetical = false
  toggle.addEventListener('click', () => {
    alphabetical = !alphabetical
    toggle.textContent = say(alphabetical ? 'sortUse' : 'sortAZ')
    const sorted = [...items].sort(
      (a, b) => (alphabetical ? compareText(a.name, b.name) : 0) || a.index - b.index,
    )
    list.append(...sorted.map((entry) => entry.item))
  })
}

function serviceWorker() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return
  const container = navigator.serviceWorker
  // site.js is in assets/, right below the base: the worker's scope.
  const base = new URL('../', import.meta.url)
  if (document.querySelector('link[rel="manifest"]') === null) {
    container
      .getRegistrations()
      .then((registrations) =>
        registrations
          .filter((registration) => registration.scope === base.href)
          .forEach((registration) => registration.unregister()),
      )
      .catch(() => {})
    return
  }
  // A page a worker served came from its build's cache: when a newer build's worker takes over, the
  // page is shown again from it. A page served by no worker came from the network: nothing to do.
  const servedByWorker = container.controller !== null
  let reloading = false
  container.addEventListener('controllerchange', () => {
    if (!servedByWorker || reloading) return
    reloading = true
    location.reload()
  })
  // Without a worker (storage turned off, say) the site works online as before. Registered once the
  // page has loaded: the worker's install downloads the shell, which would compete with the page.
  const register = () => container.register(new URL('sw.js', base).href).catch(() => {})
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/**
 * Open every level of the folder tree, or, once all are open, close all but the top level.
 * @param {HTMLButtonElement} button
 */
function folderTree(button) {
  const all = /** @type {HTMLDetailsElement[]} */ ([...document.querySelectorAll('.folder-tree details')])
  const label = () => {
    button.textContent = say(all.every((details) => details.open) ? 'collapseAll' : 'expandAll')
  }
  button.hidden = false
  label()
  button.addEventListener('click', () => {
    const open = !all.every((details) => details.open)
    for (const details of all)
      details.open = open || details.parentElement?.parentElement?.classList.contains('folder-tree') === true
    label()
  })
  for (const details of all) details.addEventListener('toggle', label)
}
