/** The commands on one bookmark file: `inspect`, `convert` and `restore`. */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { CAC } from 'cac'
import { expandSources } from '../../build/index.js'
import { ioError } from '../../build/io-error.js'
import { readSourceBytes } from '../../build/read.js'
import { formatNamed, parseSource, siteExports, writableFormats } from '../../formats/index.js'
import { applyHistoryDates } from '../../history/apply.js'
import { readFileHistory } from '../../history/read.js'
import { restoreFile } from '../../history/restore.js'
import { formatTree } from './inspect-text.js'
import { collectionToJson } from '../../model/tree-json.js'
import { displayPath } from '../../model/display-path.js'
import { BookgenError } from '../../model/errors.js'
import { formatWarnings, safe } from '../../report/messages.js'
import { EXIT_OK, loadResolvedConfig, optionalString, type Io } from '../shared.js'
import { collectionStats } from '../summary.js'

/**
 * Register the commands; `set` receives the action of the one the command line names. Returns
 * the options that help leaves out: old spellings that keep working.
 */
export function registerFileCommands(
  cli: CAC,
  io: Io,
  set: (action: () => Promise<number>) => void,
): ReadonlySet<string> {
  const writable = writableFormats()
  cli
    .command('inspect <source>', 'Print the normalized bookmark tree of a source file')
    .option('--json', 'Print JSON (the stable interface for scripts and tests)')
    .option('--no-history', 'Ignore the Git history (dates from commits)')
    .example('bookgen inspect bookmarks.html --json')
    .action((source: string, flags: Record<string, unknown>) => {
      set(() => inspectCommand(source, flags, io))
    })

  cli
    .command('restore [source]', 'Write a source as it was at a past commit (its own format, ids kept)')
    .option('--from <commit>', 'The commit, e.g. abc1234 or abc1234~1 (the version before it)')
    .option('-o, --out <file>', 'Output file (default: standard output); may be the source itself')
    .option('--config <file>', 'Config file (default: bookmarks.config.ts if present)')
    .example('bookgen restore bookmarks.xbel --from 1a2b3c4~1 --out bookmarks.xbel')
    .action((source: string | undefined, flags: Record<string, unknown>) => {
      set(() => restoreCommand(source, flags, io))
    })

  // The example converts to the format of the site's first download (browser HTML).
  const convertExample = siteExports()[0]!
  cli
    .command(
      'convert <source>',
      `Convert a bookmark file to ${inWords(writable.map((entry) => entry.label))}`,
    )
    .option('--to <format>', `Output format: ${writable.map((entry) => entry.name).join(', ')}`)
    .option('-o, --out <file>', 'Output file (default: standard output)')
    // The first spelling of --out, kept working (help does not list it).
    .option('--output <file>', 'Output file (the same as --out)')
    .example(
      `bookgen convert bookmarks.xbel --to ${convertExample.name} --out ${convertExample.siteExport.path}`,
    )
    .action((source: string, flags: Record<string, unknown>) => {
      set(() => convertCommand(source, flags, io))
    })
  return new Set(['--output'])
}

/** `a, b or c`. */
function inWords(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`
}

async function inspectCommand(source: string, flags: Record<string, unknown>, io: Io): Promise<number> {
  const file = path.resolve(io.cwd, source)
  const collection = parseSource(await readSourceBytes(file, source), source)
  if (flags['history'] !== false) {
    const { history, warnings } = await readFileHistory(file, { name: source })
    if (history !== undefined) applyHistoryDates(collection, history.state)
    collection.warnings.push(...warnings)
  }
  if (flags['json'] === true) {
    io.stdout(`${JSON.stringify(collectionToJson(collection), null, 2)}\n`)
  } else {
    io.stdout(formatTree(collection, safe))
    if (collection.warnings.length > 0) io.stderr(formatWarnings(collection.warnings, Infinity))
  }
  return EXIT_OK
}

async function restoreCommand(
  source: string | undefined,
  flags: Record<string, unknown>,
  io: Io,
): Promise<number> {
  const from = optionalString(flags, 'from')
  if (from === undefined) throw new BookgenError('restore needs --from <commit>', { rule: 'cli/usage' })
  let file: string
  if (source !== undefined) file = path.resolve(io.cwd, source)
  else {
    const config = await loadResolvedConfig(flags, {}, io.cwd, { command: 'build' })
    const files = await expandSources(config.sources, config.root)
    if (files.length !== 1)
      throw new BookgenError('The config names several sources: name the one to restore', {
        rule: 'cli/usage',
      })
    file = files[0]!
  }
  const name = displayPath(file, io.cwd)
  const restored = await restoreFile(file, from, name)
  const out = optionalString(flags, 'out')
  if (out === undefined) io.stdout(restored.bytes.toString('utf8'))
  else await writeFile(path.resolve(io.cwd, out), restored.bytes)
  const count = collectionStats(parseSource(restored.bytes, name).root)
  io.stderr(
    `✓ ${out === undefined ? 'printed' : `wrote ${safe(out)}:`} ${safe(name)} as at commit ${restored.hash.slice(0, 7)} (${new Date(restored.time).toISOString().slice(0, 10)}), ${count}` +
      `${restored.raisedHighestId === undefined ? '' : `; highestId kept at ${restored.raisedHighestId}`}\n`,
  )
  return EXIT_OK
}

async function convertCommand(source: string, flags: Record<string, unknown>, io: Io): Promise<number> {
  const to = optionalString(flags, 'to')
  const writer = to === undefined ? undefined : formatNamed(to)
  if (writer?.write === undefined) {
    const names = writableFormats().map((entry) => `"${entry.name}"`)
    throw new BookgenError(`--to must be ${inWords(names)}`, {
      rule: 'cli/usage',
    })
  }
  const file = path.resolve(io.cwd, source)
  const collection = parseSource(await readSourceBytes(file, source), source)
  const { text, warnings } = writer.write(collection)
  const output = optionalString(flags, 'out') ?? optionalString(flags, 'output')
  if (output === undefined) io.stdout(text)
  else {
    if (path.resolve(io.cwd, output) === file) {
      throw new BookgenError('The output file is the source file; choose another --out', {
        rule: 'cli/usage',
      })
    }
    await writeFile(path.resolve(io.cwd, output), text).catch((error: unknown) => {
      throw (
        ioError(error, {
          action: `Could not write ${output}`,
          path: path.resolve(io.cwd, output),
          flag: '--out',
          rule: 'output/write-failed',
        }) ?? error
      )
    })
  }
  const all = [...collection.warnings, ...warnings]
  if (all.length > 0) io.stderr(formatWarnings(all))
  if (output !== undefined) io.stderr(`✓ wrote ${safe(output)} (${to})\n`)
  return EXIT_OK
}
