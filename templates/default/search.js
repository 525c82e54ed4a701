// search.js: the search page's script. Searches the prebuilt index as you type (search-engine.js
// downloads only the parts a query needs), renders hits as xFolk entries with their folder and tags,
// keeps the query in the URL. Plain ES module, no framework. Results are built with DOM APIs
// (textContent), never innerHTML.
import SearchableMap from './searchable-map.js'
import { createSearchEngine } from './search-engine.js'
import { processTerm } from './search-terms.js'
import { decorateEntry } from './entry-view.js'

/** Results shown at first and added by each "Show more". */
const PAGE = 20
const DEBOUNCE_MS = 100

const input = /** @type {HTMLInputElement | null} */ (document.getElementById('search-q'))
const results = /** @type {HTMLOListElement | null} */ (document.getElementById('search-results'))
const status = document.getElementById('search-status')
const more = /** @type {HTMLButtonElement | null} */ (document.getElementById('search-more'))

if (input && results && status && more) main(input, results, status, more)

/** @param {string} url */
async function fetchJson(url) {
  // The meta names the current index directory: always ask the server whether it changed.
  const response = await fetch(url, url.endsWith('/index.json') ? { cache: 'no-cache' } : {})
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`)
  return response.json()
}

/**
 * @param {HTMLInputElement} input
 * @param {HTMLOListElement} results
 * @param {HTMLElement} status
 * @param {HTMLButtonElement} more
 */
function main(input, results, status, more) {
  const engine = createSearchEngine({ SearchableMap, fetchJson, indexUrl: results.dataset.index ?? '' })
  /** @type {{ query: string, result: import('./search-engine.js').SearchResult, shown: number } | undefined} */
  let current
  let timer = 0
  let lastQuery = ''

  const run = async () => {
    const query = input.value.trim()
    if (query === lastQuery) return
    lastQuery = query
    const url = new URL(location.href)
    if (query === '') url.searchParams.delete('q')
    else url.searchParams.set('q', query)
    history.replaceState(null, '', url)
    if (query === '') {
      current = undefined
      results.replaceChildren()
      more.hidden = true
      status.textContent = 'Type in the search box above.'
      return
    }
    status.textContent = 'Searching…'
    try {
      const result = await engine.search(query)
      if (input.value.trim() !== query) return // a newer query is on its way
      current = { query, result, shown: 0 }
      results.replaceChildren()
      await show(PAGE)
    } catch (error) {
      status.textContent = `Search is unavailable: ${error instanceof Error ? error.message : String(error)}`
    }
  }

  /**
   * Show `count` more results of the current query.
   * @param {number} count
   */
  const show = async (count) => {
    if (current === undefined) return
    const searched = current
    const { result, query } = searched
    const ids = result.ids.slice(searched.shown, searched.shown + count)
    const documents = await engine.documents(ids)
    if (current !== searched) return
    const words = [...result.terms, ...result.matched]
    results.append(...documents.map((document) => entry(document, words)))
    searched.shown += ids.length
    more.hidden = searched.shown >= result.ids.length
    if (result.total === 0) {
      status.textContent = `No results for “${query}”. Try fewer or shorter words.`
    } else {
      const near = result.fuzzy ? ' (including near spellings)' : ''
      const of =
        result.total > searched.shown
          ? `, showing the best ${searched.shown}${result.total > result.ids.length ? '; add a word to narrow it down' : ''}`
          : ''
      status.textContent = `${result.total} result${result.total === 1 ? '' : 's'} for “${query}”${near}${of}`
    }
  }

  more.addEventListener('click', () => {
    const next = results.children.length
    show(PAGE).then(() => {
      const link = results.children[next]?.querySelector('.taggedlink')
      if (link instanceof HTMLElement) link.focus()
    })
  })

  input.addEventListener('input', () => {
    clearTimeout(timer)
    timer = window.setTimeout(run, DEBOUNCE_MS)
  })
  input.form?.addEventListener('submit', (event) => {
    event.preventDefault()
    clearTimeout(timer)
    lastQuery = '\u0000'
    run()
  })
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      const first = results.querySelector('a, [tabindex]')
      if (first instanceof HTMLElement) {
        event.preventDefault()
        first.focus()
      }
    } else if (event.key === 'Escape') {
      input.value = ''
      run()
    }
  })
  results.addEventListener('keydown', (event) => {
    const links = [...results.querySelectorAll('.taggedlink')].filter(
      (element) => element instanceof HTMLElement,
    )
    const index = links.indexOf(/** @type {HTMLElement} */ (document.activeElement))
    if (event.key === 'ArrowDown' && index < links.length - 1) {
      event.preventDefault()
      links[index + 1]?.focus()
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      if (index <= 0) input.focus()
      else links[index - 1]?.focus()
    } else if (event.key === 'Escape') {
      input.focus()
    }
  })
  document.addEventListener('keydown', (event) => {
    const target = /** @type {HTMLElement} */ (event.target)
    if (
      event.key === '/' &&
      !(target instanceof HTMLInputElement) &&
      !(target instanceof HTMLTextAreaElement)
    ) {
      event.preventDefault()
      input.focus()
      input.select()
    }
  })

  const initial = new URL(location.href).searchParams.get('q') ?? ''
  input.value = initial
  if (initial.trim() !== '') run()
}

/**
 * One result as an xFolk entry.
 * @param {import('./search-engine.js').ResultDocument} document
 * @param {string[]} words indexed words that matched
 */
function entry({ title, href, folder, tags }, words) {
  const li = element('li', 'xfolkentry h-entry')
  const text = title || href || 'Untitled'
  let link
  if (href) {
    link = element('a', 'taggedlink u-bookmark-of p-name')
    link.href = href
  } else {
    link = element('span', 'taggedlink p-name')
    link.tabIndex = 0
  }
  link.append(...highlight(text, words))
  li.append(link)
  decorateEntry(li, link, href)
  const meta = element('div', 'meta')
  if (folder) {
    const folderLink = element('a', 'folder-path')
    folderLink.href = folder.url
    folderLink.textContent = folder.path || 'Top level'
    meta.append(folderLink)
  }
  if (tags.length > 0) {
    const label = element('span', 'visually-hidden')
    label.textContent = 'Tags:'
    meta.append(label)
    const list = element('ul', 'tags')
    for (const tag of tags) {
      const item = document.createElement('li')
      const tagLink = element('a', 'p-category')
      tagLink.rel = 'tag'
      tagLink.href = tag.url
      tagLink.append(...highlight(tag.tag, words))
      item.append(tagLink)
      list.append(item)
    }
    meta.append(list)
  }
  li.append(meta)
  return li
}

/**
 * Text with the words that matched wrapped in <mark>.
 * @param {string} text
 * @param {string[]} terms
 * @returns {Array<string | HTMLElement>}
 */
function highlight(text, terms) {
  const parts = []
  let last = 0
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = processTerm(match[0]) ?? ''
    if (word === '' || !terms.some((term) => word.startsWith(term))) continue
    const start = match.index ?? 0
    if (start > last) parts.push(text.slice(last, start))
    const mark = document.createElement('mark')
    mark.textContent = match[0]
    parts.push(mark)
    last = start + match[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}

/**
 * @param {string} name
 * @param {string} className
 */
function element(name, className) {
  const node = /** @type {any} */ (document.createElement(name))
  node.className = className
  return node
}
