/**
 * An Atom 1.0 validator for the tests, after RFC 4287: well-formed XML in the Atom namespace; a
 * feed with one id, title and updated, an author (or one on every entry) and a `self` link; each
 * entry with one id, title and updated and an alternate link (or content); dates in RFC 3339; ids
 * absolute IRIs, unique within the feed; text that is text (markup in it escaped).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'

const ATOM = 'http://www.w3.org/2005/Atom'
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/
const REPEATED = new Set(['entry', 'link', 'id', 'title', 'updated', 'published', 'author', 'category'])

type Node = Record<string, unknown>

/** What in `text` breaks RFC 4287; empty for a valid feed. */
export function atomProblems(text: string): string[] {
  const wellFormed = XMLValidator.validate(text)
  if (wellFormed !== true) return [`not well-formed: ${wellFormed.err.msg} (line ${wellFormed.err.line})`]
  const parsed = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    htmlEntities: true,
    isArray: (name) => REPEATED.has(name),
  }).parse(text) as { feed?: Node }
  const feed = parsed.feed
  if (feed === undefined) return ['the root element is not <feed>']
  const problems: string[] = []
  if (feed['@_xmlns'] !== ATOM) problems.push(`namespace ${String(feed['@_xmlns'])}`)
  problems.push(...common(feed, 'feed'))
  const links = (feed['link'] as Node[] | undefined) ?? []
  if (!links.some((link) => link['@_rel'] === 'self' && isAbsolute(link['@_href'])))
    problems.push('feed: no absolute rel="self" link')
  const entries = (feed['entry'] as Node[] | undefined) ?? []
  const feedAuthor = feed['author'] !== undefined
  const ids = new Set<string>()
  entries.forEach((entry, index) => {
    const where = `entry ${index + 1}`
    problems.push(...common(entry, where))
    if (!feedAuthor && entry['author'] === undefined) problems.push(`${where}: no author`)
    const alternate = ((entry['link'] as Node[] | undefined) ?? []).some(
      (link) => (link['@_rel'] ?? 'alternate') === 'alternate' && isAbsolute(link['@_href']),
    )
    if (!alternate && entry['content'] === undefined) problems.push(`${where}: no alternate link or content`)
    const id = textOf(entry['id'])
    if (ids.has(id)) problems.push(`${where}: id ${id} repeated`)
    ids.add(id)
  })
  return problems
}

/** What a feed and an entry must both have: one id (an absolute IRI), one title, one updated. */
function common(node: Node, where: string): string[] {
  const problems: string[] = []
  for (const name of ['id', 'title', 'updated']) {
    const values = (node[name] as unknown[] | undefined) ?? []
    if (values.length !== 1) problems.push(`${where}: ${values.length} <${name}>`)
  }
  const titles = (node['title'] as unknown[] | undefined) ?? []
  const markup = (title: unknown) =>
    typeof title === 'object' &&
    Object.keys(title as Node).some((key) => key !== '#text' && !key.startsWith('@_'))
  if (titles.some(markup)) problems.push(`${where}: markup in the title`)
  if (!isAbsolute(textOf(node['id'])))
    problems.push(`${where}: id ${textOf(node['id'])} is not an absolute IRI`)
  for (const name of ['updated', 'published']) {
    for (const value of (node[name] as unknown[] | undefined) ?? []) {
      const date = textOf([value])
      if (!RFC3339.test(date) || Number.isNaN(Date.parse(date))) problems.push(`${where}: <${name}> ${date}`)
    }
  }
  return problems
}

function textOf(values: unknown): string {
  const value = Array.isArray(values) ? values[0] : values
  return typeof value === 'string' ? value : String((value as Node | undefined)?.['#text'] ?? '')
}

function isAbsolute(value: unknown): boolean {
  if (typeof value !== 'string') return false
  try {
    return /^[a-z][a-z0-9+.-]*:/i.test(value) && new URL(value).protocol !== ''
  } catch {
    return false
  }
}
