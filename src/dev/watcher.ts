/**
 * (I/O) The watcher behind `bookgen dev`: it reports changes to a set of files (the sources, the
 * config and its imports, the theme stylesheet) and to anything below a set of folders (where the
 * sources' globs search).
 *
 * A file is watched through its folder, with a filter: a watch on the file alone follows its inode,
 * which an editor's save (a temporary file renamed over it) replaces, and the watch was lost for
 * good when the rename came within a few milliseconds of another save. The folder's watch survives
 * renames, and every event in it leads the watcher to look at the file again.
 *
 * When the system's limit on watches is reached (inotify's `max_user_watches` on Linux: ENOSPC),
 * it says how to raise the limit and watches by polling instead; other watcher errors are reported
 * and watching goes on.
 */
import path from 'node:path'
import { watch, type ChokidarOptions, type FSWatcher } from 'chokidar'

/** Makes a chokidar watcher (tests pass one that fails on purpose). */
export type CreateWatcher = (paths: string[], options: ChokidarOptions) => FSWatcher

export interface WatchTargets {
  /** Files (absolute) whose changes are reported. */
  files: Iterable<string>
  /** Folders (absolute) below which every change is reported. */
  folders: Iterable<string>
  /** Paths to leave alone (the output folder and its staging folders, `node_modules`…). */
  ignore: (file: string) => boolean
}

export interface WatchOptions {
  /** Called with the absolute path of a file that was added, changed or removed. */
  onChange: (file: string) => void
  /** Where problems are reported (one line each). */
  log: (line: string) => void
  /** Called once the watcher polls instead: changes made while it switched may have gone unseen. */
  onFallback?: (() => void) | undefined
  create?: CreateWatcher | undefined
}

export interface Watch {
  /** Resolves when the first scan is done: changes from then on are reported. */
  readonly ready: Promise<void>
  /** Whether it polls (after the system's watch limit was reached). */
  readonly polling: boolean
  close(): Promise<void>
}

/** How often files are looked at once the watcher polls. */
export const POLL_INTERVAL_MS = 300

/** Watch `targets`; see the module's comment. */
export function watchTargets(targets: WatchTargets, options: WatchOptions): Watch {
  const create = options.create ?? watch
  const files = new Set([...targets.files].map((file) => path.resolve(file)))
  const folders = [...targets.folders].map((folder) => path.resolve(folder))
  const inFolder = (file: string) =>
    folders.some(
      (folder) => file === folder || file.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep),
    )
  // What is watched: each file's folder, and the folders. Inside a file's folder, only the file.
  const roots = new Set([...[...files].map((file) => path.dirname(file)), ...folders])
  const wanted = (file: string) => roots.has(file) || files.has(file) || inFolder(file)
  const settings = (polling: boolean): ChokidarOptions => ({
    ignoreInitial: true,
    ignored: (file: string) => {
      const absolute = path.resolve(file)
      return targets.ignore(absolute) || !wanted(absolute)
    },
    ...(polling
      ? { usePolling: true, interval: POLL_INTERVAL_MS, binaryInterval: POLL_INTERVAL_MS, atomic: false }
      : { atomic: true }),
  })

  let closed = false
  let polling = false
  let watcher: FSWatcher
  // Ready once a watcher is (the polling one, when the first failed before it was).
  let markReady!: () => void
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  const start = (poll: boolean): Promise<void> => {
    const current = create([...roots], settings(poll))
    watcher = current
    current.on('all', (event, file) => {
      if (closed || current !== watcher) return
      const absolute = path.resolve(file)
      if (
        (event === 'add' || event === 'change' || event === 'unlink') &&
        (files.has(absolute) || inFolder(absolute))
      )
        options.onChange(absolute)
    })
    current.on('error', (error: unknown) => {
      if (closed || current !== watcher) return
      const code = (error as NodeJS.ErrnoException | undefined)?.code
      if (!polling && (code === 'ENOSPC' || code === 'EMFILE')) {
        polling = true
        for (const line of limitMessage(code)) options.log(line)
        void current.close()
        void start(true).then(() => {
          if (!closed) options.onFallback?.()
        })
        return
      }
      options.log(`✗ the file watcher reported a problem (watching goes on): ${describe(error)}`)
    })
    return new Promise((resolve) =>
      current.once('ready', () => {
        markReady()
        resolve()
      }),
    )
  }
  void start(false)
  return {
    ready,
    get polling() {
      return polling
    },
    async close() {
      closed = true
      await watcher.close()
    },
  }
}

function limitMessage(code: 'ENOSPC' | 'EMFILE'): string[] {
  const fix =
    code === 'ENOSPC'
      ? 'raise the limit on watched files, e.g. `sudo sysctl fs.inotify.max_user_watches=524288` (add `fs.inotify.max_user_watches=524288` to /etc/sysctl.conf to keep it)'
      : 'raise the limit on open files or watcher instances, e.g. `ulimit -n 4096` or `sudo sysctl fs.inotify.max_user_instances=1024`'
  return [
    `! the system's limit on file watchers is reached (${code}): bookgen dev now looks for changes every ${POLL_INTERVAL_MS} ms instead, which costs more CPU`,
    `  to watch without polling, ${fix}, then restart bookgen dev`,
  ]
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
