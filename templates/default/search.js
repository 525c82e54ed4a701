// search.js: the search page's script. Loads the prebuilt MiniSearch index, searches as you type,
// renders hits as xFolk entries with their folder and tags, keeps the query in the URL.
// Plain ES module, no framework. Results are built with DOM APIs (textContent), never innerHTML.
import MiniSearch from './minisearch.js'
import { INDEX_VERSION, processTerm } from './search-terms.js'

const MAX_RESULTS = 100
const DEBOUNCE_MS = 120

const input = /** @type {HTMLInputElement | null} */ (document.getElementById('search-q'))
const results = /** @type {HTMLOListElement | null} */ (document.getElementById('search-results'))
const status = document.getElementById('search-status')

if (input && results && status) main(input, results, status)

/**
 * @param {HTMLInputElement} input
 * @param {HTMLOListElement} results
 * @param {HTMLElement} status
 */
function main(input, results, status) {
  /** @type {Promise<{engine: MiniSearch, data: any}> | undefined} */
  let loading
  const load = () =>
    (loading ??= fetch(results.dataset.index ?? '')
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        return response.json()
      })
      .then((data) => {
        if (data.version !== INDEX_VERSION) throw new Error('the index was built by another bookgen version')
        const engine = MiniSearch.loadJS(data.index, {
          fields: data.options.fields,
          processTerm,
          searchOptions: data.options.searchOptions,
        })
        return { engine, data }
      }))

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
      results.replaceChildren()
      status.textContent = 'Type in the search box above.'
      return
    }
    status.textContent = 'Searching…'
    try {
      const { engine, data } = await load()
      if (input.value.trim() !== query) return // a newer query is on its way
      const hits = engine.search(query)
      render(hits, data, query)
    } catch (error) {
      status.textContent = `Search is unavailable: ${error instanceof Error ? error.message : String(error)}`
    }
  }

  /**
   * @param {Array<{id: number, terms: string[]}>} hits
   * @param {any} data
   * @param {string} query
   */
  const render = (hits, data, query) => {
    const shown = hits.slice(0, MAX_RESULTS)
    results.replaceChildren(...shown.map((hit) => entry(hit, data)))
    if (hits.length === 0) {
      status.textContent = `No results for “${query}”. Try fewer or shorter words.`
    } else {
      const more = hits.length > shown.length ? ` (showing the first ${shown.length})` : ''
      status.textContent = `${hits.length} result${hits.length === 1 ? '' : 's'} for “${query}”${more}`
    }
  }

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
 * One hit as an xFolk entry.
 * @param {{id: number, terms: string[]}} hit
 * @param {any} data
 */
function entry(hit, data) {
  const [title, href, folderIndex, tagIndexes] = data.docs[hit.id]
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
  link.append(...highlight(text, hit.terms))
  li.append(link)
  const meta = element('div', 'meta')
  const folder = data.folders[folderIndex]
  if (folder) {
    const folderLink = element('a', 'folder-path')
    folderLink.href = folder[1]
    folderLink.textContent = folder[0] || 'Top level'
    meta.append(folderLink)
  }
  if (tagIndexes.length > 0) {
    const label = element('span', 'visually-hidden')
    label.textContent = 'Tags:'
    meta.append(label)
    const list = element('ul', 'tags')
    for (const index of tagIndexes) {
      const tag = data.tags[index]
      if (!tag) continue
      const item = document.createElement('li')
      const tagLink = element('a', 'p-category')
      tagLink.rel = 'tag'
      tagLink.href = tag[1]
      tagLink.append(...highlight(tag[0], hit.terms))
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
    if (!terms.some((term) => word.startsWith(term))) continue
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
