/**
 * The config's sources that name themselves (`{path, title, slug}`), and the checks of `sources`
 * and `lang` beyond their types.
 */
import { isDynamicPattern } from 'tinyglobby'

/**
 * One source with a name of its own: with several sources, each is a top-level section, named
 * after its root folder (or document title, or file) unless `title` is given; where two such names
 * would be the same ("Bookmarks" from every browser), each gets its file's name after it:
 * "Bookmarks (firefox)".
 */
export interface SourceOptions {
  /** The file, relative to the config file (not a glob: it names one file). */
  path: string
  /** Its section's name in the site: headings, breadcrumbs, search results and facets. */
  title?: string | undefined
  /**
   * Its section's URL path segment, made a slug as titles are (`'Firefox'` gives `/firefox/`).
   * Default: made from its title
   */
  slug?: string | undefined
}

/** A source's `title` and `slug` from the config. */
export type SourceName = Readonly<{ title?: string | undefined; slug?: string | undefined }>

/** The `title` and `slug` of each source given as `{path, title, slug}`, by absolute path. */
export function resolveSourceNames(
  sources: ReadonlyArray<string | SourceOptions> | undefined,
  fromFile: (value: string) => string,
): ReadonlyMap<string, SourceName> {
  const names = new Map<string, SourceName>()
  for (const source of sources ?? [])
    if (typeof source !== 'string') {
      const name: { title?: string; slug?: string } = {}
      if (source.title !== undefined) name.title = source.title
      if (source.slug !== undefined) name.slug = source.slug
      names.set(fromFile(source.path), Object.freeze(name))
    }
  return names
}

/** What is wrong with `sources`; undefined when it is fine. */
export function checkSources(value: unknown): string | undefined {
  if (typeof value === 'string') return undefined
  if (!Array.isArray(value))
    return '"sources" must be a string or an array of strings and { path, title, slug }'
  for (const item of value) {
    if (typeof item === 'string') continue
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      return '"sources" entries must be strings or { path, title, slug }'
    const entry = item as Record<string, unknown>
    for (const key of Object.keys(entry))
      if (key !== 'path' && key !== 'title' && key !== 'slug')
        return `Unknown option "${key}" in a "sources" entry; known: path, title, slug`
    if (typeof entry['path'] !== 'string' || entry['path'] === '')
      return 'A "sources" entry { path, title, slug } needs "path", the file'
    if (isDynamicPattern(entry['path']))
      return `"sources" entry "${entry['path']}" has a title or slug, so it must name one file, not a glob`
    if (entry['title'] !== undefined && (typeof entry['title'] !== 'string' || entry['title'].trim() === ''))
      return `"title" of the source "${entry['path']}" must be a non-empty string`
    if (entry['slug'] !== undefined && (typeof entry['slug'] !== 'string' || entry['slug'].trim() === ''))
      return `"slug" of the source "${entry['path']}" must be a non-empty string`
  }
  return undefined
}

/** Whether `text` is a language tag that `Intl` (which formats the pages' dates) takes. */
export function isLanguageTag(text: string): boolean {
  try {
    return Intl.getCanonicalLocales(text).length === 1
  } catch {
    return false
  }
}
