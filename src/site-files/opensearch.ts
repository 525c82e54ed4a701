/**
 * `opensearch.xml`: the OpenSearch 1.1 description that lets a browser add the site's search
 * (Firefox's "Add search engine", Chromium's site search), pointing at the search page's `?q=`.
 * Its URLs must be absolute, so a site has it only when its address (`site`) is known. Built as an
 * xast tree and serialized by xast-util-to-xml, as the feed is.
 */
import { x } from 'xastscript'
import { toXml } from 'xast-util-to-xml'
import type { Root } from 'xast'
import { cleanText } from '../render/text.js'
import { i18nOf } from '../render/i18n.js'

const OPENSEARCH = 'http://a9.com/-/spec/opensearch/1.1/'
const MOZILLA = 'http://www.mozilla.org/2006/browser/search/'

/** Where the description is, below the base. */
export const OPENSEARCH_PATH = 'opensearch.xml'

/** The specification's limit on `ShortName`, in characters. */
const SHORT_NAME_LENGTH = 16

export interface OpenSearchInput {
  title: string
  lang: string
  /** Absolute URL of a path below the base. */
  absolute(path: string): string
}

/** Serialize the OpenSearch description. */
export function openSearchToXml(input: OpenSearchInput): string {
  const { t } = i18nOf(input.lang)
  const title = cleanText(input.title) || t('bookmarks')
  const search = input.absolute('search/')
  const description: Root = {
    type: 'root',
    children: [
      { type: 'instruction', name: 'xml', value: 'version="1.0" encoding="utf-8"' },
      x('OpenSearchDescription', { xmlns: OPENSEARCH, 'xmlns:moz': MOZILLA }, [
        x('ShortName', shortName(title)),
        x('Description', t('opensearch.description', { title })),
        x('InputEncoding', 'UTF-8'),
        x('Language', input.lang),
        x('Image', { type: 'image/svg+xml' }, input.absolute('assets/icon.svg')),
        x('Url', { type: 'text/html', method: 'get', template: `${search}?q={searchTerms}` }),
        x('Url', {
          type: 'application/opensearchdescription+xml',
          rel: 'self',
          template: input.absolute(OPENSEARCH_PATH),
        }),
        x('moz:SearchForm', search),
      ]),
    ],
  }
  return `${toXml(description)}\n`
}

/** The title cut to `SHORT_NAME_LENGTH` characters (not UTF-16 units), at a word when it can be. */
function shortName(title: string): string {
  const characters = [...title]
  if (characters.length <= SHORT_NAME_LENGTH) return title
  const cut = characters.slice(0, SHORT_NAME_LENGTH).join('')
  // Cut inside a word: back to the space before it, unless that leaves too little.
  const inWord = /[\p{L}\p{N}]/u.test(characters[SHORT_NAME_LENGTH]!)
  const space = cut.lastIndexOf(' ')
  return (inWord && space > SHORT_NAME_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()
}
