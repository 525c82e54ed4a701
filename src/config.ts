/**
 * Typed configuration: `defineConfig` for `bookmarks.config.ts`, and `resolveConfig`, the one pure
 * merge of defaults < config file < command-line flags. Code after this point only sees
 * `ResolvedConfig`.
 */
import path from 'node:path'
import { BookgenError } from './errors.js'

/** What a user may write in `bookmarks.config.ts`. Every field is optional. */
export interface UserConfig {
  /** Bookmark files or globs, relative to the config file (Netscape `.html` or XBEL `.xbel`). Default: `['bookmarks.html']` */
  sources?: string | string[] | undefined
  /** Output folder, relative to the config file. Default: `'dist'` */
  outDir?: string | undefined
  /** URL path the site is served under, e.g. `'/my-bookmarks/'` for a GitHub project page. Default: `'/'` */
  base?: string | undefined
  /** Site title. Default: the source's own title, else `'Bookmarks'` */
  title?: string | undefined
  /** Site description, shown under the title on the home page. Default: none */
  description?: string | undefined
  /** `lang` of the pages (BCP 47). Default: `'en'` */
  lang?: string | undefined
  /** What is published beyond ordinary bookmarks. Default: nothing private, no `file://`, no `place:` */
  publish?: PublishOptions | undefined
}

/** Bookmarks a site leaves out unless asked: they are for the owner's own eyes or machine. */
export interface PublishOptions {
  /** Bookmarks marked private (Netscape `PRIVATE="1"`, `<bookmark:private/>`). Default: `false` */
  private?: boolean | undefined
  /** `file://` bookmarks (paths on your disk; GNOME's recently-used files). Default: `false` */
  fileUrls?: boolean | undefined
  /** Firefox `place:` queries ("Most Visited", "Recent Tags"): meaningless off the browser. Default: `false` */
  placeUrls?: boolean | undefined
}

/** What the config function receives: which command is running. */
export interface ConfigEnv {
  command: 'build' | 'dev' | 'preview' | 'inspect' | 'convert'
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
  readonly outDir: string
  /** Always starts and ends with `/`. */
  readonly base: string
  readonly title: string | undefined
  readonly description: string | undefined
  readonly lang: string
  readonly publish: Readonly<Required<{ [K in keyof PublishOptions]-?: boolean }>>
}

/** Flags from the command line; they win over the config file. Paths are relative to `cwd`. */
export interface InlineConfig {
  sources?: string[] | undefined
  outDir?: string | undefined
  base?: string | undefined
  title?: string | undefined
}

export const configDefaults = Object.freeze({
  sources: Object.freeze(['bookmarks.html']),
  outDir: 'dist',
  base: '/',
  lang: 'en',
  publish: Object.freeze({ private: false, fileUrls: false, placeUrls: false }),
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
  const sources =
    inline.sources !== undefined && inline.sources.length > 0
      ? inline.sources.map(fromCwd)
      : (userSources ?? configDefaults.sources).map(fromFile)

  const outDir =
    inline.outDir !== undefined ? fromCwd(inline.outDir) : fromFile(user.outDir ?? configDefaults.outDir)
  const base = normalizeBase(
    inline.base ?? user.base ?? configDefaults.base,
    inline.base !== undefined ? '--base' : 'base',
  )

  return Object.freeze({
    root,
    configFile: context.configFile,
    sources: Object.freeze(sources),
    outDir,
    base,
    title: inline.title ?? user.title,
    description: user.description,
    lang: user.lang ?? configDefaults.lang,
    publish: Object.freeze({
      private: user.publish?.private ?? configDefaults.publish.private,
      fileUrls: user.publish?.fileUrls ?? configDefaults.publish.fileUrls,
      placeUrls: user.publish?.placeUrls ?? configDefaults.publish.placeUrls,
    }),
  })
}

/**
 * Normalize a base path to `/segment/…/`. Accepts `my-site`, `/my-site`, `/my-site/`, and a full
 * URL (its path is used). Rejects `..`, query strings and characters that need escaping.
 *
 * @example normalizeBase('my-bookmarks') // → '/my-bookmarks/'
 */
export function normalizeBase(value: string, name = 'base'): string {
  let raw = value.trim()
  if (/^https?:\/\//i.test(raw)) raw = new URL(raw).pathname
  const segments = raw.split('/').filter((segment) => segment !== '')
  for (const segment of segments) {
    if (segment === '.' || segment === '..' || !/^[A-Za-z0-9._~!$&'()*+,;=:@%-]+$/.test(segment)) {
      throw new BookgenError(
        `${name} must be a URL path such as "/my-bookmarks/"; "${value}" has the segment "${segment}"`,
        { ruleId: 'config/invalid-base' },
      )
    }
  }
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`
}

function assertUserConfig(user: unknown, file: string | undefined): asserts user is UserConfig {
  const fail = (message: string): never => {
    throw new BookgenError(message, { ruleId: 'config/invalid', file })
  }
  if (typeof user !== 'object' || user === null || Array.isArray(user)) {
    fail(
      'The config file must export an object (or a function returning one), e.g. export default defineConfig({…})',
    )
  }
  const config = user as Record<string, unknown>
  const known = new Set(['sources', 'outDir', 'base', 'title', 'description', 'lang', 'publish'])
  for (const key of Object.keys(config)) {
    if (!known.has(key)) fail(`Unknown config option "${key}"; known options: ${[...known].join(', ')}`)
  }
  const sources = config['sources']
  if (
    sources !== undefined &&
    typeof sources !== 'string' &&
    !(Array.isArray(sources) && sources.every((item) => typeof item === 'string'))
  ) {
    fail('"sources" must be a string or an array of strings')
  }
  for (const key of ['outDir', 'base', 'title', 'description', 'lang']) {
    if (config[key] !== undefined && typeof config[key] !== 'string') fail(`"${key}" must be a string`)
  }
  const publish = config['publish']
  if (publish !== undefined) {
    if (typeof publish !== 'object' || publish === null || Array.isArray(publish))
      fail('"publish" must be an object')
    for (const [key, value] of Object.entries(publish as Record<string, unknown>)) {
      if (!['private', 'fileUrls', 'placeUrls'].includes(key))
        fail(`Unknown option "publish.${key}"; known: private, fileUrls, placeUrls`)
      if (typeof value !== 'boolean') fail(`"publish.${key}" must be true or false`)
    }
  }
}
