/** The `history` config option: what users write, its defaults and what it resolves to. */

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
