/** The `history` config option: what users write, its defaults, its check, and what it resolves to. */

/** Settings of the `history` config option, resolved. */
export interface HistorySettings {
  /** Share of the previous commit's bookmarks a commit may remove (0–1). Default 0.25. */
  maxRemoved: number
  /** Fewest removed bookmarks that can trip the guard. Default 20. */
  minRemoved: number
  /** Publish even when the source's last change removed too much. Default false. */
  allowRemoval: boolean
  /** Most commits of a source read (the newest). Default 10,000. */
  maxCommits: number
}

/** What a user may write under `history` in the config. */
export interface HistoryOptions {
  /** Share of the bookmarks the source's last change may remove before the build fails (0–1). Default: `0.25` */
  maxRemoved?: number | undefined
  /** Fewest removed bookmarks that make a build fail. Default: `20` */
  minRemoved?: number | undefined
  /** Publish anyway when the source's last change removed too much (`--allow-removal`). Default: `false` */
  allowRemoval?: boolean | undefined
  /** Most commits of a source read, the newest (older ones give no dates or changes). Default: `10000` */
  maxCommits?: number | undefined
}

export const historyDefaults: Readonly<HistorySettings> = Object.freeze({
  maxRemoved: 0.25,
  minRemoved: 20,
  allowRemoval: false,
  maxCommits: 10_000,
})

/** `history` from the config and the flags: false when turned off. */
export function resolveHistory(
  user: HistoryOptions | false | undefined,
  flags: { history?: boolean | undefined; allowRemoval?: boolean | undefined } = {},
): HistorySettings | false {
  if (user === false || flags.history === false) return false
  const settings: HistorySettings = {
    maxRemoved: user?.maxRemoved ?? historyDefaults.maxRemoved,
    minRemoved: user?.minRemoved ?? historyDefaults.minRemoved,
    allowRemoval: flags.allowRemoval === true || (user?.allowRemoval ?? historyDefaults.allowRemoval),
    maxCommits: user?.maxCommits ?? historyDefaults.maxCommits,
  }
  return Object.freeze(settings)
}

/** Check the `history` config value; a message naming what is wrong, or undefined when it is fine. */
export function checkHistoryOptions(value: unknown): string | undefined {
  if (value === false) return undefined
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return '"history" must be false or { maxRemoved?, minRemoved?, allowRemoval?, maxCommits? }'
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined) continue
    if (name === 'maxRemoved') {
      if (typeof item !== 'number' || !(item >= 0 && item <= 1))
        return '"history.maxRemoved" must be a share from 0 to 1, e.g. 0.25'
    } else if (name === 'minRemoved') {
      if (typeof item !== 'number' || !Number.isInteger(item) || item < 0)
        return '"history.minRemoved" must be a whole number, 0 or more'
    } else if (name === 'allowRemoval') {
      if (typeof item !== 'boolean') return '"history.allowRemoval" must be true or false'
    } else if (name === 'maxCommits') {
      if (typeof item !== 'number' || !Number.isInteger(item) || item < 1)
        return '"history.maxCommits" must be a whole number, 1 or more'
    } else return `Unknown option "history.${name}"; known: maxRemoved, minRemoved, allowRemoval, maxCommits`
  }
  return undefined
}
