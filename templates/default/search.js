// search.js: the search page's script. Searches the prebuilt index as you type (search-engine.js
// downloads only the parts a query needs), renders hits as xFolk entries with their folder and tags,
// the facets that narrow them, notices about the query, and keeps the query in the URL (typing
// replaces the history entry; a submitted query, a facet or a suggestion adds one, so Back returns
// to the previous query). Plain ES module, no framework. Results are built with DOM APIs
// (textContent), never innerHTML. The `/` key is site.js's, on every page.
import SearchableMap from './searchable-map.js'
import { createSearchEngine } from './search-engine.js'
import { addOperator, operatorFor, parseQuery } from './search-query.js'
import { processTerm } from './search-terms.js'
import { decorateEntry } from './entry-view.js'
import { uiText } from './ui-text.js'

const say = uiText('ui-search')
const lang = document.documentElement.lang || 'en'

/** Results shown at first and added by each "Show more". */
const PAGE = 20
/**
 * Facets count from the hits' result chunks (nothing more to download when the hits are the ones
 * shown) or from their own files (tags, hosts, folders, years). Up to this many bytes to download
 * (before compression: about a third gzipped) they come with the search; beyond, on request, so a
 * search downloads little more than its results.
 */
const FACET_AUTO_BYTES = 150_000
const DEBOUNCE_MS = 100

const input = /** @type {HTMLInputElement | null} */ (document.getElementById('search-q'))
const results = /** @type {HTMLOListElement | null} */ (document.getElementById('search-results'))
const status = document.getElementById('search-status')
const more = /** @type {HTMLButtonElement | null} */ (document.getElementById('search-more'))
const notices = document.getElementById('search-notices')
const facets = document.getElementById('search-facets')

if (input && results && status && more && notices && facets)
  main(input, results, status, more, notices, facets)

/** Facet groups: their heading and the operator their links add. */
const FACET_GROUPS = /** @type {const} */ ([
  ['tags', say('facetTags'), 'tag'],
  ['folders', say('facetFolders'), 'folder'],
  ['hosts', say('facetSites'), 'site'],
  ['years', say('facetYears'), 'year'],
])

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
 * @param {HTMLElement} notices
 * @param {HTMLElement} facets
 */
function main(input, results, status, more, notices, facets) {
  const engine = createSearchEngine({ SearchableMap, fetchJson, indexUrl: results.dataset.index ?? '' })
  // Favicons are stored beside the index's folder, in `assets/icons/`.
  const iconDir = new URL('../icons/', new URL(results.dataset.index ?? '', location.href))
  /** @type {{ query: string, result: import('./search-engine.js').SearchResult, shown: number } | undefined} */
  let current
  let timer = 0
  let lastQuery = ''

  /**
   * The URL of the search page for `query`.
   * @param {string} query
   */
  const urlFor = (query) => {
    const url = new URL(location.href)
    if (query === '') url.searchParams.delete('q')
    else url.searchParams.set('q', query)
    return url
  }

  /**
   * Search for what the box holds (unless it is what was searched last). `history`: whether the
   * query replaces the current history entry (typing) or adds one (a submitted query, a facet).
   * @param {'replace' | 'push'} [entry]
   */
  const run = async (entry = 'replace') => {
    const query = input.value.trim()
    if (query === lastQuery) return
    lastQuery = query
    const url = urlFor(query)
    if (url.href !== location.href) {
      if (entry === 'push') history.pushState(null, '', url)
      else history.replaceState(null, '', url)
    }
    if (query === '') {
      current = undefined
      results.replaceChildren()
      facets.replaceChildren()
      facets.hidden = true
      notices.replaceChildren()
      notices.hidden = true
      more.hidden = true
      status.textContent = say('start')
      return
    }
    status.textContent = say('searching')
    try {
      const result = await engine.search(query)
      if (input.value.trim() !== query) return // a newer query is on its way
      current = { query, result, shown: 0 }
      results.replaceChildren()
      facets.replaceChildren()
      facets.hidden = true
      showNotices(result.notices)
      await show(PAGE)
      if (result.total > 1) offerFacets(current)
    } catch (error) {
      status.textContent = say('unavailable', {
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }

  /**
   * Show `count` more results of the current query.
   * @param {number} count
   */
  const show = async (count) => {
    if (current === undefined) return
    const searched = current
    // A partial result has its best results only: the next ones need the whole result.
    if (
      searched.result.partial &&
      searched.result.complete &&
      searched.shown + count > searched.result.ids.length
    ) {
      const whole = await searched.result.complete()
      if (current !== searched) return
      searched.result = whole
    }
    const { result, query } = searched
    const ids = result.ids.slice(searched.shown, searched.shown + count)
    const documents = await engine.documents(ids)
    if (current !== searched) return
    const words = [...result.terms, ...result.matched]
    results.append(...documents.map((document) => entry(document, words, iconDir)))
    searched.shown += ids.length
    more.hidden = searched.shown >= result.ids.length && !result.partial
    if (result.total === 0) {
      status.replaceChildren(...emptyMessage(query, result))
    } else {
      const near = result.fuzzy ? say('near') : ''
      const narrow = result.total > result.ids.length && !result.partial ? say('narrow') : ''
      const of =
        result.total > searched.shown
          ? say(result.terms.length === 0 ? 'showingFirst' : 'showingBest', {
              shown: searched.shown,
            }) + narrow
          : ''
      const count = say(result.partial ? 'atLeast' : 'results', { count: result.total })
      status.textContent = say('summary', { count, query }) + near + of
    }
  }

  /**
   * What to say when nothing matches: why, and what to try.
   * @param {string} query
   * @param {import('./search-engine.js').SearchResult} result
   * @returns {Array<string | HTMLElement>}
   */
  const emptyMessage = (query, result) => {
    const parsed = parseQuery(query)
    const terms = [...parsed.clauses.flat(), ...parsed.exclude]
    if (!result.filtered && terms.length === 0) {
      // Only words too common to search for (`a`, `the`), which the index leaves out.
      return [say('keepCommon')]
    }
    if (!result.filtered && terms.every((term) => term.kind === 'word' && term.term.length === 1)) {
      return [say('keepShort')]
    }
    /** @type {Array<string | HTMLElement>} */
    const parts = [say('none', { query })]
    if (result.suggestion !== undefined) {
      const link = element('a', 'search-suggestion')
      link.href = urlFor(result.suggestion).href
      link.textContent = result.suggestion
      parts.push(say('didYouMean'), link, say('didYouMeanEnd'))
    } else if (result.filtered) {
      parts.push(say('tryOperator'))
    } else {
      parts.push(say('tryFewer'))
    }
    return parts
  }

  /** @param {import('./search-query.js').Notice[]} list */
  const showNotices = (list) => {
    notices.replaceChildren(
      ...list.map((notice) => {
        const item = document.createElement('li')
        item.textContent = say(notice.key, notice.values)
        return item
      }),
    )
    notices.hidden = list.length === 0
  }

  /**
   * The facets of a search: at once when they are cheap or downloaded already, else a button.
   * @param {{ query: string, result: import('./search-engine.js').SearchResult }} searched
   */
  const offerFacets = async (searched) => {
    const cost = await engine.facetCost(searched.result).catch(() => undefined)
    if (cost === undefined || current !== searched) return
    if (cost.loaded || cost.bytes <= FACET_AUTO_BYTES) return showFacets(searched)
    const button = element('button', 'facet-load')
    button.type = 'button'
    button.textContent = say('narrowBy', { size: Math.ceil(cost.bytes / 3 / 1024) })
    button.addEventListener('click', () => {
      button.disabled = true
      button.textContent = say('counting')
      showFacets(searched)
    })
    facets.replaceChildren(button)
    facets.hidden = false
  }

  /**
   * The facets of a search, once its results are shown (they download the filter files).
   * @param {{ query: string, result: import('./search-engine.js').SearchResult }} searched
   */
  const showFacets = async (searched) => {
    const counted = await engine.facets(searched.result).catch(() => undefined)
    if (counted === undefined || current !== searched) return
    const groups = []
    for (const [key, heading, kind] of FACET_GROUPS) {
      const list = counted[key]
      if (list.length === 0) continue
      const group = element('section', 'facet-group')
      const title = element('h2', 'facet-heading')
      title.textContent = heading
      const items = element('ul', 'facet-list')
      for (const facet of list) {
        const item = document.createElement('li')
        const link = element('a', 'facet')
        link.href = urlFor(addOperator(searched.query, operatorFor(kind, facet.value))).href
        link.textContent = kind === 'year' ? yearName(facet.label) : facet.label
        const count = element('span', 'facet-count')
        count.textContent = ` ${facet.count}`
        item.append(link, count)
        items.append(item)
      }
      group.append(title, items)
      groups.push(group)
    }
    facets.replaceChildren(...groups)
    facets.hidden = groups.length === 0
  }

  /**
   * Follow a link to another search on this page, as a new history entry.
   * @param {Event} event
   */
  const followSearchLink = (event) => {
    const target = event.target
    const link = target instanceof Element ? target.closest('a') : null
    if (!(link instanceof HTMLAnchorElement) || !(event instanceof MouseEvent)) return
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const url = new URL(link.href)
    if (url.pathname !== location.pathname || url.origin !== location.origin) return
    event.preventDefault()
    input.value = url.searchParams.get('q') ?? ''
    clearTimeout(timer)
    run('push')
  }
  facets.addEventListener('click', followSearchLink)
  status.addEventListener('click', followSearchLink)
  window.addEventListener('popstate', () => {
    input.value = new URL(location.href).searchParams.get('q') ?? ''
    clearTimeout(timer)
    run()
  })

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
    run('push')
  })
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      const first = results.querySelector('a, [tabindex]')
      if (first instanceof HTMLElement) {
        event.preventDefault()
        first.focus()
      }
    } else if (event.key === 'Escape') {
      // One press clears the box and the results (the browser's own clearing is not waited for).
      event.preventDefault()
      clearTimeout(timer)
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
      clearTimeout(timer)
      input.value = ''
      run()
      input.focus()
    }
  })

  const initial = new URL(location.href).searchParams.get('q') ?? ''
  input.value = initial
  // With nothing searched yet, the syntax help is open.
  if (initial.trim() === '') document.querySelector('.search-help')?.setAttribute('open', '')
  if (initial.trim() !== '') {
    // A query from another page's box (or a link): the box has the focus, so that typing refines
    // it and one Escape clears it. The caret goes to the end, the text stays unselected.
    input.focus()
    input.setSelectionRange(initial.length, initial.length)
    run()
  }
}

/**
 * One result as an xFolk entry.
 * @param {import('./search-engine.js').ResultDocument} document
 * @param {string[]} words indexed words that matched
 * @param {URL} iconDir where the site's favicons are
 */
function entry({ title, href, folder, tags, icon }, words, iconDir) {
  const li = element('li', 'xfolkentry h-entry')
  const text = title || href || say('untitled')
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
  decorateEntry(li, link, href, icon === undefined ? undefined : new URL(icon, iconDir).pathname)
  const meta = element('div', 'meta')
  if (folder) {
    const folderLink = element('a', 'folder-path')
    folderLink.href = folder.url
    folderLink.textContent = folder.path || say('topLevel')
    meta.append(folderLink)
  }
  if (tags.length > 0) {
    const label = element('span', 'visually-hidden')
    label.textContent = say('tags')
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

/**
 * A year as the site's language writes it (`2002`, `2002年`); anything else as it is.
 * @param {string} label
 */
function yearName(label) {
  const year = Number(label)
  if (!Number.isInteger(year)) return label
  return new Intl.DateTimeFormat(lang, { year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, 6))
}
