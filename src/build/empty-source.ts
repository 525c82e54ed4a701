/**
 * Nothing lost: a source that now yields no bookmarks, where the site it would replace was built
 * with some from it, is refused (`build/empty-source`), and so is a source that looks cut short
 * (empty, ending inside a tag or before its list is closed) and yields fewer bookmarks than last
 * time (`source/incomplete`) — a save caught half-way, a failed download, `> bookmarks.html` by
 * mistake. The user can say it is meant (`--allow-empty`, `allowEmpty: true`). Pure: the counts of
 * the previous build come from the output folder's `.bookgen` marker (see `write.ts`). Used by
 * `bookgen build`; watch mode can share it.
 */
import { FORMATS } from '../formats/registry.js'
import { BookgenError } from '../model/errors.js'
import { walk, type Collection } from '../model/tree.js'
import type { Message } from '../model/message.js'

/** Warnings that mean a file ends early: an empty file, and what each format's reader says (`cutShortRules`). */
export const CUT_SHORT: ReadonlySet<string> = new Set([
  'source/empty',
  ...FORMATS.flatMap((entry) => entry.cutShortRules ?? []),
])

/** Bookmarks a build was made from: in all, and per source (by the name messages use). */
export interface SourceCounts {
  bookmarks: number
  sources: Readonly<Record<string, number>>
}

/**
 * What the output folder held before this build: nothing (`undefined`: a first build, or an empty
 * folder), a site whose counts its marker records, or a site whose marker records none (built by
 * an older bookgen, or by `bookgen dev`).
 */
export type PreviousCounts = SourceCounts | 'uncounted' | undefined

/** Bookmarks (entries with a URL) of each source, and in all. */
export function countSources(collections: readonly Collection[]): SourceCounts {
  const sources: Record<string, number> = Object.create(null) as Record<string, number>
  let bookmarks = 0
  for (const collection of collections) {
    const count = countBookmarks(collection)
    sources[collection.file] = (sources[collection.file] ?? 0) + count
    bookmarks += count
  }
  return { bookmarks, sources }
}

function countBookmarks(collection: Collection): number {
  let count = 0
  for (const { node } of walk(collection.root))
    if (node.type === 'bookmark' && node.href !== undefined && node.href !== '') count++
  return count
}

export interface EmptySourceOptions {
  /** Build even from sources that would be refused (`--allow-empty`). */
  allowEmpty: boolean
  /** The output folder, as messages show it. */
  outDir: string
}

/**
 * Refuse sources that would replace a site with less than it had (see the module's comment);
 * returns the warnings to show: sources that yield no bookmarks, and what `allowEmpty` let through.
 *
 * @throws BookgenError `build/empty-source` or `source/incomplete`, one per source (several are
 * reported together, as `build/sources`)
 */
export function checkSourceCounts(
  collections: readonly Collection[],
  counts: SourceCounts,
  previous: PreviousCounts,
  options: EmptySourceOptions,
): Message[] {
  const refusals: BookgenError[] = []
  const warnings: Message[] = []
  const site = `the site in ${options.outDir}`
  for (const collection of collections) {
    const name = collection.file
    const now = counts.sources[name] ?? 0
    const before = previous === undefined || previous === 'uncounted' ? undefined : previous.sources[name]
    const cut = collection.warnings.find((warning) => CUT_SHORT.has(warning.rule))
    // The whole build empty over a site whose counts are not known: it had some, as far as bookgen knows.
    const emptied = now === 0 && ((before ?? 0) > 0 || (counts.bookmarks === 0 && hadBookmarks(previous)))
    if (emptied) {
      const had =
        (before ?? 0) > 0
          ? `was built with ${plural(before!)} from it`
          : previous === 'uncounted' || previous === undefined
            ? 'has bookmarks'
            : `has ${plural(previous.bookmarks)}`
      const reason = `The source yields no bookmarks, but ${site} ${had}`
      if (options.allowEmpty)
        warnings.push(note(name, 'build/empty-source', `${reason}; replaced all the same (allowEmpty)`))
      else
        refusals.push(
          refusal(`${reason}; keeping that site. Check the file`, 'build/empty-source', name, cut),
        )
      continue
    }
    if (cut !== undefined && before !== undefined && now < before) {
      const reason = `The file looks cut short (${cut.message}) and yields ${plural(now)}, fewer than the ${plural(before)} ${site} was built with from it`
      if (options.allowEmpty)
        warnings.push(note(name, 'source/incomplete', `${reason}; built all the same (allowEmpty)`, cut))
      else
        refusals.push(
          refusal(`${reason}; keeping that site. Complete the file`, 'source/incomplete', name, cut),
        )
      continue
    }
    if (now === 0 && !collection.warnings.some((warning) => warning.rule === 'source/empty')) {
      warnings.push(note(name, 'build/empty-source', 'The source yields no bookmarks'))
    }
  }
  if (refusals.length === 1) throw refusals[0]
  if (refusals.length > 1) {
    throw new BookgenError(`${refusals.length} sources would replace ${site} with fewer bookmarks`, {
      rule: 'build/sources',
      cause: new AggregateError(refusals),
    })
  }
  return warnings
}

function hadBookmarks(previous: PreviousCounts): boolean {
  return previous === 'uncounted' || (previous !== undefined && previous.bookmarks > 0)
}

/** A source refused: what is wrong and what to do, then how to build all the same. */
function refusal(reason: string, rule: string, file: string, at: Message | undefined): BookgenError {
  const override = 'if it is meant to be so, build with --allow-empty (or allowEmpty: true in the config)'
  return new BookgenError(`${reason}; ${override}`, { rule, file, line: at?.line, column: at?.column })
}

function note(file: string, rule: string, message: string, at?: Message): Message {
  return { file, line: at?.line ?? 0, column: at?.column ?? 0, rule, message }
}

function plural(count: number): string {
  return `${count.toLocaleString('en-US')} bookmark${count === 1 ? '' : 's'}`
}
