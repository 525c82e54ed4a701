/** The `private` config option: what users write, its default and what it resolves to. */

/** The private section's settings in `bookmarks.config.ts` (see `UserConfig.private`). */
export interface PrivateOptions {
  /**
   * Which bookmarks are private: `'marked'`, those marked private in their source (Netscape
   * `PRIVATE="1"`, Pinboard's `shared: no`, `<bookmark:private/>`); or those and also every
   * bookmark in one of `folders` (folder paths from the top level, titles joined by `/`:
   * `'Private'`, `'Work/Clients'`) or carrying one of `tags` (any case). Default: `'marked'`
   */
  include?: 'marked' | { folders?: string[] | undefined; tags?: string[] | undefined } | undefined
  /**
   * The environment variable holding the passphrase (never the config file). Without it set, the
   * private bookmarks are held back and there is no private section. Default: `'BOOKGEN_PASSPHRASE'`
   */
  passphraseEnv?: string | undefined
}

/** The private section, resolved. */
export interface PrivateSettings {
  /** Folder paths (titles from the top level down) whose bookmarks are private, at any depth. */
  readonly folders: ReadonlyArray<readonly string[]>
  /** Tags that make a bookmark private, in lower case. */
  readonly tags: readonly string[]
  /** The environment variable holding the passphrase. */
  readonly passphraseEnv: string
}

/** The default of `private.passphraseEnv`. */
export const privateDefaults = Object.freeze({ passphraseEnv: 'BOOKGEN_PASSPHRASE' })

/** `private` from the config, resolved; undefined without one. */
export function resolvePrivate(user: PrivateOptions | undefined): PrivateSettings | undefined {
  if (user === undefined) return undefined
  const include = user.include === undefined || user.include === 'marked' ? {} : user.include
  return Object.freeze({
    folders: Object.freeze((include.folders ?? []).map(folderPath)),
    tags: Object.freeze((include.tags ?? []).map((tag) => tag.trim().toLowerCase())),
    passphraseEnv: user.passphraseEnv ?? privateDefaults.passphraseEnv,
  })
}

/** A folder path as written in `private.include.folders` (`'Work/Clients'`), as titles. */
function folderPath(text: string): string[] {
  return text
    .split('/')
    .map((title) => title.trim())
    .filter((title) => title !== '')
}
