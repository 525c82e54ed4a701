/**
 * Typed configuration: `defineConfig` for `bookmarks.config.ts`, and `resolveConfig`, the one pure
 * merge of defaults < config file < command-line flags. Code after this point only sees
 * `ResolvedConfig`.
 */
import path from 'node:path'
import type { Element, ElementContent } from 'hast'
import { BookgenError } from '../model/errors.js'
import type { Bookmark } from '../model/tree.js'
import {
  checkSources,
  isLanguageTag,
  resolveSourceNames,
  type SourceName,
  type SourceOptions,
} from './sources.js'
export type { SourceName, SourceOptions } from './sources.js'
import { PREVIEW_ORIGIN } from './addresses.js'
export { DEV_PORT, LOCAL_HOST, PREVIEW_ORIGIN, PREVIEW_PORT } from './addresses.js'
import { resolveHistory, type HistoryOptions, type HistorySettings } from './history.js'
import {
  isDuration,
  LINK_LIMITS,
  resolveLinkCheck,
  type LinkCheckSettings,
  type LinksOptions,
} from './link-options.js'
export { linkCheckDefaults, LINK_LIMITS, type LinkCheckSettings, type LinksOptions } from './link-options.js'
import { resolvePrivate, type PrivateOptions, type PrivateSettings } from './private.js'

/** What a user may write in `bookmarks.config.ts`. Every field is optional. */
export interface UserConfig {
  /**
   * Bookmark files or globs, relative to the config file, in any format bookgen reads (README: What
   * bookgen reads); a file may be `{path, title, slug}` to name its section of the site. Default:
   * `['bookmarks.html']`
   */
  sources?: string | Array<string | SourceOptions> | undefined
  /** Output folder, relative to the config file. Default: `'dist'` */
  outDir?: string | undefined
  /** URL path the site is served under, e.g. `'/my-bookmarks/'` for a GitHub project page. Default: `'/'` (or the path of `site`) */
  base?: string | undefined
  /**
   * Public address of the site, e.g. `'https://me.github.io/my-bookmarks/'`: the feed and the
   * sitemap need absolute URLs. Its path is the default `base`. Default: none (the feed and sitemap
   * then point at `http://localhost:4173`, with a warning)
   */
  site?: string | undefined
  /** Custom domain for GitHub Pages, written to `CNAME`. Default: none */
  cname?: string | undefined
  /**
   * How pages link to each other: `'absolute'` (paths under `base`) or `'relative'` (`../tags/`,
   * with `index.html` spelled out), so the site also works opened from disk (`file://`) and moved
   * to another path without a rebuild. The feed and the sitemap stay absolute. Default: `'absolute'`
   */
  urls?: 'absolute' | 'relative' | undefined
  /** Site title. Default: the source's own title, else `'Bookmarks'` */
  title?: string | undefined
  /** Site description, shown under the title on the home page and in the feed. Default: none */
  description?: string | undefined
  /** `lang` of the pages (BCP 47). Default: `'en'` */
  lang?: string | undefined
  /** Several sources: merge their top levels into one tree instead of one section each. Default: `false` */
  merge?: boolean | undefined
  /** Publish only the first bookmark of each URL (repeats are always reported). Default: `false` */
  dedupe?: boolean | undefined
  /**
   * Build even when a source yields no bookmarks, or fewer than last time while it looks cut short:
   * without it, such a build is refused and the previous site kept. Default: `false`
   */
  allowEmpty?: boolean | undefined
  /** Entries per folder or tag page before the rest goes to further pages. Default: `200` */
  pageSize?: number | undefined
  /**
   * How tag and archive pages list bookmarks (each folder's page shows its own in full): `'full'`,
   * `'compact'` (title, host, date and folder), or `'auto'`: compact from 300,000 bookmarks, where
   * full listings would take 80% of GitHub Pages' 1 GB. Default: `'auto'`
   */
  listings?: 'auto' | 'full' | 'compact' | undefined
  /**
   * List folders with no bookmark in them or below them on the home page and on `folders/` (their
   * own pages are made either way). Default: `false`
   */
  showEmptyFolders?: boolean | undefined
  /** How entries show: `'list'`, one per row, or `'cards'`, a grid of icon, title and host. Default: `'list'` */
  layout?: 'list' | 'cards' | undefined
  /** The Atom feed of recently added bookmarks (`feed.xml`), or `false` for none. Default: `{limit: 50}` */
  feed?: { limit?: number | undefined } | false | undefined
  /**
   * The site's downloads of the whole collection (`bookmarks.html`, `bookmarks.xbel`): `'plain'`,
   * `'gzip'` (`bookmarks.html.gz`, `bookmarks.xbel.gz`: a browser imports the HTML file once it is
   * unzipped), or `'auto'`: gzipped from 500,000 bookmarks on. Default: `'auto'`
   */
  exports?: 'auto' | 'plain' | 'gzip' | undefined
  /** What is published beyond ordinary bookmarks. Default: nothing private, no `file://`, no `place:`, no command lines */
  publish?: PublishOptions | undefined
  /** Look and feel: your stylesheet, head and footer content, and how entries and pages render. */
  theme?: ThemeOptions | undefined
  /**
   * Dates, a changes page and a guard against mass removals from the sources' Git history, or
   * `false` to ignore the history (`--no-history`). Default: `{maxRemoved: 0.25, minRemoved: 20, maxCommits: 10000}`
   */
  history?: HistoryOptions | false | undefined
  /** Link health (`bookgen check`, see docs/link-health.md). */
  links?: LinksOptions | undefined
  /** An installable site that works offline (manifest, service worker), or `false`. Default: `true` */
  offline?: boolean | undefined
  /** The private section, encrypted, at `private/` (see `PrivateOptions`). Default: none (held back) */
  private?: PrivateOptions | undefined
  /** Bounds on what the sources can make of the site (see `LimitOptions`). */
  limits?: LimitOptions | undefined
}

/**
 * Bounds on what the sources can make of the site, whatever they hold: a site a few times the
 * size of its sources is what a collection makes; thousands of times, a hostile or broken file.
 */
export interface LimitOptions {
  /**
   * Tags a bookmark keeps, its first ones; the rest are left out, with a warning. Each tag is a
   * page of the site. A source keeps 256 at most. Default: `64`
   */
  tagsPerBookmark?: number | undefined
  /**
   * Bytes the site may take: a build that would write more stops as soon as it has written this
   * much, exits 1 and leaves the previous site as it was. Default: `1_000_000_000` (GitHub Pages'
   * 1 GB)
   */
  siteBytes?: number | undefined
}

/** Bookmarks a site leaves out unless asked: they are for the owner's own eyes or machine. */
export interface PublishOptions {
  /** Bookmarks marked private (Netscape `PRIVATE="1"`, `<bookmark:private/>`). Default: `false` */
  private?: boolean | undefined
  /** `file://` bookmarks (paths on your disk; GNOME's recently-used files). Default: `false` */
  fileUrls?: boolean | undefined
  /** Firefox `place:` queries ("Most Visited", "Recent Tags"): meaningless off the browser. Default: `false` */
  placeUrls?: boolean | undefined
  /** Desktop Bookmark application command lines (`exec`) in the site's XBEL export. Default: `false` */
  exec?: boolean | undefined
}

/** The pages a site has once (`PageInfo.kind`). */
export type PageInfoFixedKind = 'search' | 'not-found' | 'offline' | 'private'

/** Which page is being rendered, for theme hooks. */
export interface PageInfo {
  kind: 'folder' | 'tag' | 'tags' | 'folders' | 'archive' | 'changes' | 'links' | 'stats' | PageInfoFixedKind
  title: string
  /** Path below the base, e.g. `development/web/`. */
  path: string
  /** 1 for the first page of a paginated folder or tag. */
  pageNumber: number
}

/** Hooks to change the look without forking. Hooks return hast (build it with hastscript's `h`). */
export interface ThemeOptions {
  /** A stylesheet that replaces the default one (path relative to the config file). */
  stylesheet?: string | undefined
  /** Elements added at the end of every page's `<head>`. */
  head?: ElementContent[] | ((page: PageInfo) => ElementContent[]) | undefined
  /** Footer content, replacing the default "Built with bookgen" line (the site links stay). */
  footer?: ElementContent[] | ((page: PageInfo) => ElementContent[]) | undefined
  /**
   * Render one bookmark's `<li>`; call `renderDefault()` to start from bookgen's own entry. `form`
   * says which: `full` (its folder's page, the home page) or `compact` (tag and archive pages,
   * without the tag list).
   */
  entry?:
    ((bookmark: Bookmark, renderDefault: () => Element, form: 'full' | 'compact') => Element) | undefined
  /** Render a page's `<main>` content; `content` is what bookgen would render. */
  page?: ((page: PageInfo, content: ElementContent[]) => ElementContent[]) | undefined
}

/** What the config function receives: which command is running. */
export interface ConfigEnv {
  command: 'build' | 'dev' | 'preview' | 'inspect' | 'convert' | 'init' | 'check'
}

export type UserConfigFn = (env: ConfigEnv) => UserConfig | Promise<UserConfig>
export type UserConfigExport = UserConfig | Promise<UserConfig> | UserConfigFn

/**
 * Identity function that gives `bookmarks.config.ts` its types (as in `vite.config.ts`).
 *
 * @example
 * export default defineConfig({sources: ['bookmarks.html'], base: '/my-bookmarks/'})
 */
export function defineConfig(config: UserConfig): UserConfig
export function defineConfig(config: Promise<UserConfig>): Promise<UserConfig>
export function defineConfig(config: UserConfigFn): UserConfigFn
export function defineConfig(config: UserConfigExport): UserConfigExport
export function defineConfig(config: UserConfigExport): UserConfigExport {
  return config
}

/** Settings after defaults, config file and flags are merged; paths are absolute. */
export interface ResolvedConfig {
  /** Directory relative paths in the config file are resolved against. */
  readonly root: string
  /** The config file that was loaded, if any. */
  readonly configFile: string | undefined
  /** Source patterns, absolute (globs allowed). */
  readonly sources: readonly string[]
  /** The names the config gives sources (`{path, title, slug}`), by absolute file path. */
  readonly sourceNames: ReadonlyMap<string, SourceName>
  readonly outDir: string
  /** Always starts and ends with `/`. */
  readonly base: string
  readonly urls: 'absolute' | 'relative'
  /** Origin of the public site (`https://me.github.io`), or undefined when not configured. */
  readonly siteOrigin: string | undefined
  /** Origin of absolute URLs (feed, sitemap): the site's, else the preview server's (`PREVIEW_ORIGIN`). */
  readonly origin: string
  readonly cname: string | undefined
  readonly title: string | undefined
  readonly description: string | undefined
  readonly lang: string
  readonly merge: boolean
  readonly dedupe: boolean
  /** Replace a site even with one built from sources that yield no (or, cut short, fewer) bookmarks. */
  readonly allowEmpty: boolean
  readonly pageSize: number
  /** Full or compact entries on tag and archive pages (see `UserConfig.listings`). */
  readonly listings: 'auto' | 'full' | 'compact'
  /** List folders without bookmarks (at any depth) on the home page and `folders/`. */
  readonly showEmptyFolders: boolean
  readonly layout: 'list' | 'cards'
  /** Entries in the feed; 0 for no feed. */
  readonly feedLimit: number
  /** Plain or gzipped exports (see `UserConfig.exports`). */
  readonly exports: 'auto' | 'plain' | 'gzip'
  readonly publish: Readonly<{ private: boolean; fileUrls: boolean; placeUrls: boolean; exec: boolean }>
  readonly theme: Readonly<Omit<ThemeOptions, 'stylesheet'> & { stylesheet: string | undefined }>
  /** The link store (`links.store`), absolute; undefined for the default (beside the first source). */
  readonly linkStore: string | undefined
  /** `bookgen check`'s time limits and politeness (`links` and its flags). */
  readonly linkCheck: LinkCheckSettings
  /** Reading the sources' Git history (see `src/history/`), or false when turned off. */
  readonly history: HistorySettings | false
  /** The web app manifest and the service worker (`offline`). */
  readonly offline: boolean
  /** The private section (`private`), or undefined for none. */
  readonly private: PrivateSettings | undefined
  /** Bounds on what the sources make of the site (see `LimitOptions`). */
  readonly limits: Readonly<{ tagsPerBookmark: number; siteBytes: number }>
}

/** Flags from the command line; they win over the config file. Paths are relative to `cwd`. */
export interface InlineConfig {
  sources?: string[] | undefined
  outDir?: string | undefined
  base?: string | undefined
  site?: string | undefined
  title?: string | undefined
  /** `--allow-empty` */
  allowEmpty?: boolean | undefined
  /** `--no-history`: false. */
  history?: boolean | undefined
  /** `--allow-removal`. */
  allowRemoval?: boolean | undefined
  /** `bookgen check`'s `--max-time`, `--max-link-time` (ms), `--rate` and `--per-host`. */
  linkCheck?: Partial<LinkCheckSettings> | undefined
}

export const configDefaults = Object.freeze({
  sources: Object.freeze(['bookmarks.html']),
  outDir: 'dist',
  base: '/',
  urls: 'absolute',
  lang: 'en',
  merge: false,
  dedupe: false,
  allowEmpty: false,
  pageSize: 200,
  listings: 'auto',
  showEmptyFolders: false,
  layout: 'list',
  feedLimit: 50,
  exports: 'auto',
  publish: Object.freeze({ private: false, fileUrls: false, placeUrls: false, exec: false }),
  limits: Object.freeze({ tagsPerBookmark: 64, siteBytes: 1_000_000_000 }),
  offline: true,
})

/**
 * Merge defaults < config file < command-line flags.
 *
 * @param user the config file's export (already evaluated), or `{}`
 * @param inline command-line flags
 * @param context `cwd` for flag paths, and the config file (whose folder anchors its own paths)
 */
export function resolveConfig(
  user: UserConfig,
  inline: InlineConfig,
  context: { cwd: string; configFile?: string | undefined },
): ResolvedConfig {
  assertUserConfig(user, context.configFile)
  const root = context.configFile === undefined ? context.cwd : path.dirname(context.configFile)
  const fromFile = (value: string): string => path.resolve(root, value)
  const fromCwd = (value: string): string => path.resolve(context.cwd, value)

  const userSources =
    user.sources === undefined ? undefined : typeof user.sources === 'string' ? [user.sources] : user.sources
  const userPaths = userSources?.map((source) => (typeof source === 'string' ? source : source.path))
  const sources =
    inline.sources !== undefined && inline.sources.length > 0
      ? inline.sources.map(fromCwd)
      : (userPaths ?? configDefaults.sources).map(fromFile)
  const sourceNames = resolveSourceNames(userSources, fromFile)

  const outDir =
    inline.outDir !== undefined ? fromCwd(inline.outDir) : fromFile(user.outDir ?? configDefaults.outDir)
  const siteValue = inline.site ?? user.site
  const site =
    siteValue === undefined || siteValue === ''
      ? undefined
      : parseSite(siteValue, inline.site !== undefined ? '--site' : 'site')
  const baseValue =
    inline.base ??
    user.base ??
    (site !== undefined && site.pathname !== '/' ? site.pathname : configDefaults.base)
  const base = normalizeBase(baseValue, inline.base !== undefined ? '--base' : 'base')
  const feed = user.feed
  const theme = user.theme ?? {}

  return Object.freeze({
    root,
    configFile: context.configFile,
    sources: Object.freeze(sources),
    sourceNames,
    outDir,
    base,
    urls: user.urls ?? configDefaults.urls,
    siteOrigin: site?.origin,
    origin: site?.origin ?? PREVIEW_ORIGIN,
    cname: user.cname,
    title: inline.title ?? user.title,
    description: user.description,
    lang: user.lang ?? configDefaults.lang,
    merge: user.merge ?? configDefaults.merge,
    dedupe: user.dedupe ?? configDefaults.dedupe,
    allowEmpty: inline.allowEmpty ?? user.allowEmpty ?? configDefaults.allowEmpty,
    pageSize: user.pageSize ?? configDefaults.pageSize,
    listings: user.listings ?? configDefaults.listings,
    showEmptyFolders: user.showEmptyFolders ?? configDefaults.showEmptyFolders,
    layout: user.layout ?? configDefaults.layout,
    feedLimit: feed === false ? 0 : (feed?.limit ?? configDefaults.feedLimit),
    exports: user.exports ?? configDefaults.exports,
    publish: Object.freeze({ ...configDefaults.publish, ...definedOnly(user.publish ?? {}) }),
    theme: Object.freeze({
      ...theme,
      stylesheet: theme.stylesheet === undefined ? undefined : fromFile(theme.stylesheet),
    }),
    linkStore: user.links?.store === undefined ? undefined : fromFile(user.links.store),
    linkCheck: resolveLinkCheck(user.links, inline.linkCheck),
    history: resolveHistory(user.history, inline),
    offline: user.offline ?? configDefaults.offline,
    private: resolvePrivate(user.private),
    limits: Object.freeze({ ...configDefaults.limits, ...definedOnly(user.limits ?? {}) }),
  })
}

/**
 * Normalize a base path to `/segment/…/`. Accepts `my-site`, `/my-site` and `/my-site/`. Rejects
 * `..`, query strings, characters that need escaping, and a full address (`https://x.com/`): that
 * is the site's address, which `site` / `--site` takes (its path then becomes the base).
 *
 * @example normalizeBase('my-bookmarks') // → '/my-bookmarks/'
 */
export function normalizeBase(value: string, name = 'base'): string {
  const raw = value.trim()
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) {
    const site = name === '--base' ? `--site ${raw}` : `site: '${raw}'`
    throw new BookgenError(
      `${name} is the URL path the site is served under, such as "/my-bookmarks/", not an address: for "${value}", use ${site} (its path becomes the base)`,
      { rule: 'config/invalid-base' },
    )
  }
  const segments = raw.split('/').filter((segment) => segment !== '')
  for (const segment of segments) {
    if (segment === '.' || segment === '..' || !/^[A-Za-z0-9._~!$&'()*+,;=:@%-]+$/.test(segment)) {
      throw new BookgenError(
        `${name} must be a URL path such as "/my-bookmarks/"; "${value}" has the segment "${segment}"`,
        {
          rule: 'config/invalid-base',
        },
      )
    }
  }
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`
}

/** The site's address; `https://` may be left out before a host name with a dot, not a bare word. */
function parseSite(value: string, name: string): URL {
  const invalid = (why: string) =>
    new BookgenError(
      `${name} must be the site's address, such as "https://me.github.io/bookmarks/"; "${value}" ${why}`,
      { rule: 'config/invalid-site' },
    )
  const schemed = /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
  let url: URL
  try {
    url = new URL(schemed ? value : `https://${value}`)
  } catch {
    throw invalid('is not one')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BookgenError(`${name} must be an http or https address; got "${value}"`, {
      rule: 'config/invalid-site',
    })
  }
  if (!schemed && !url.hostname.includes('.') && url.hostname !== 'localhost')
    throw invalid('has no domain (a host name with a dot, or a full address starting with https://)')
  return url
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>
}

type Check = 'string' | 'boolean' | 'number' | 'sources' | 'feed' | 'object'
const TOP_LEVEL: Record<string, Check> = {
  sources: 'sources',
  outDir: 'string',
  base: 'string',
  urls: 'string',
  site: 'string',
  cname: 'string',
  title: 'string',
  description: 'string',
  lang: 'string',
  merge: 'boolean',
  dedupe: 'boolean',
  allowEmpty: 'boolean',
  pageSize: 'number',
  listings: 'string',
  showEmptyFolders: 'boolean',
  layout: 'string',
  feed: 'feed',
  exports: 'string',
  publish: 'object',
  theme: 'object',
  links: 'object',
  history: 'object',
  offline: 'boolean',
  private: 'object',
  limits: 'object',
}

/** A nested option's check: whether a value fits, and what it must be when it does not. */
type Field = readonly [fits: (value: unknown) => boolean, must: string]
const BOOLEAN: Field = [(value) => typeof value === 'boolean', 'true or false']
const STRING: Field = [(value) => typeof value === 'string', 'a string']
const FUNCTION: Field = [(value) => typeof value === 'function', 'a function']
const HOOK: Field = [(value) => Array.isArray(value) || typeof value === 'function', 'a array or a function']
const ABOVE_ZERO: Field = [(value) => isCount(value) && value > 0, 'a whole number above 0']
const DURATION: Field = [isDuration, "a duration such as '30s', '30m' or '1h' (or '0' for no limit)"]

/** The fields of each object option, in the order "known: …" lists them. */
const NESTED: Record<string, Record<string, Field>> = {
  publish: { private: BOOLEAN, fileUrls: BOOLEAN, placeUrls: BOOLEAN, exec: BOOLEAN },
  theme: { stylesheet: STRING, head: HOOK, footer: HOOK, entry: FUNCTION, page: FUNCTION },
  limits: { tagsPerBookmark: ABOVE_ZERO, siteBytes: ABOVE_ZERO },
  links: { store: STRING, maxTime: DURATION, maxLinkTime: DURATION, ...LINK_LIMITS },
  history: {
    maxRemoved: [
      (value) => typeof value === 'number' && value >= 0 && value <= 1,
      'a share from 0 to 1, e.g. 0.25',
    ],
    minRemoved: [isCount, 'a whole number, 0 or more'],
    allowRemoval: BOOLEAN,
    maxCommits: [(value) => isCount(value) && value >= 1, 'a whole number, 1 or more'],
  },
  private: {
    include: [
      (value) =>
        value === 'marked' ||
        (isObject(value) &&
          Object.entries(value).every(
            ([key, list]) => (key === 'folders' || key === 'tags') && (list === undefined || isNames(list)),
          )),
      "'marked' or { folders: ['Private', 'Work/Clients'], tags: ['private'] } (non-empty strings)",
    ],
    passphraseEnv: [
      (value) => typeof value === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(value),
      "the name of an environment variable, such as 'BOOKGEN_PASSPHRASE'",
    ],
  },
}

/** What an object option must be, when it is not an object. */
const NOT_AN_OBJECT: Record<string, string> = {
  history: '"history" must be false or { maxRemoved?, minRemoved?, allowRemoval?, maxCommits? }',
}

function assertUserConfig(user: unknown, file: string | undefined): asserts user is UserConfig {
  const fail = (message: string): never => {
    throw new BookgenError(message, { rule: 'config/invalid', file })
  }
  if (!isObject(user)) {
    fail(
      'The config file must export an object (or a function returning one), e.g. export default defineConfig({…})',
    )
  }
  const config = user as Record<string, unknown>
  for (const [key, value] of Object.entries(config)) {
    const check = TOP_LEVEL[key]
    if (check === undefined)
      fail(`Unknown config option "${key}"; known options: ${Object.keys(TOP_LEVEL).join(', ')}`)
    if (value === undefined || (key === 'history' && value === false)) continue
    switch (check) {
      case 'sources': {
        const problem = checkSources(value)
        if (problem !== undefined) fail(problem)
        break
      }
      case 'feed':
        if (
          value !== false &&
          !(isObject(value) && (value['limit'] === undefined || isCount(value['limit'])))
        ) {
          fail('"feed" must be false or { limit: <number of entries> }')
        }
        break
      case 'number':
        if (!isCount(value) || value === 0) fail(`"${key}" must be a whole number above 0`)
        break
      case 'object': {
        if (!isObject(value)) fail(NOT_AN_OBJECT[key] ?? `"${key}" must be an object`)
        const fields = NESTED[key]!
        for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
          const field = fields[name]
          if (field === undefined)
            fail(`Unknown option "${key}.${name}"; known: ${Object.keys(fields).join(', ')}`)
          if (item !== undefined && !field![0](item)) fail(`"${key}.${name}" must be ${field![1]}`)
        }
        if (key === 'private' && isObject(config['publish']) && config['publish']['private'] === true)
          fail('"publish.private" publishes private bookmarks openly and "private" encrypts them: choose one')
        break
      }
      default:
        if (typeof value !== check)
          fail(`"${key}" must be ${check === 'boolean' ? 'true or false' : `a ${check}`}`)
        if (key === 'urls' && value !== 'absolute' && value !== 'relative')
          fail(`"urls" must be 'absolute' or 'relative'; got "${String(value)}"`)
        if (key === 'layout' && value !== 'list' && value !== 'cards')
          fail(`"layout" must be 'list' or 'cards'; got "${String(value)}"`)
        if (key === 'exports' && value !== 'auto' && value !== 'plain' && value !== 'gzip')
          fail(`"exports" must be 'auto', 'plain' or 'gzip'; got "${String(value)}"`)
        if (key === 'listings' && value !== 'auto' && value !== 'full' && value !== 'compact')
          fail(`"listings" must be 'auto', 'full' or 'compact'; got "${String(value)}"`)
        if (key === 'lang' && !isLanguageTag(value as string))
          fail(`"lang" must be a language tag (BCP 47) such as 'en', 'de' or 'pt-BR'; got "${String(value)}"`)
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A list of names: non-empty strings. */
function isNames(value: unknown): boolean {
  return Array.isArray(value) && value.every((name) => typeof name === 'string' && name.trim() !== '')
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}
