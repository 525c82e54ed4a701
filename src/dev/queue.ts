/**
 * One rebuild at a time: changes that arrive during a build are batched into the next one, and a
 * burst of changes (an editor's temp-file-and-rename save, a sync tool rewriting several files)
 * settles for `debounceMs` before a build starts.
 */
export interface RebuildQueue {
  /** Note a changed path; resolves when a build that includes it has finished. */
  push(path: string): Promise<void>
  /** Resolves when nothing is pending or running. */
  idle(): Promise<void>
  /** Start no more builds (pending changes are dropped); resolves when the running one has finished. */
  close(): Promise<void>
}

export function createRebuildQueue(
  rebuild: (changed: ReadonlySet<string>) => Promise<void>,
  options: {
    debounceMs?: number
    /** Called when a build throws (a bug: expected problems are the build's to report). Default: rethrow later. */
    onError?: (error: unknown) => void
  } = {},
): RebuildQueue {
  const debounceMs = options.debounceMs ?? 20
  const onError =
    options.onError ??
    ((error: unknown) =>
      setTimeout(() => {
        throw error
      }))
  let pending = new Set<string>()
  let waiting: Array<() => void> = []
  let running: Promise<void> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false

  async function drain(): Promise<void> {
    try {
      while (pending.size > 0 && !closed) {
        const batch = pending
        const done = waiting
        pending = new Set()
        waiting = []
        try {
          await rebuild(batch) // reports its own errors; a failed build still counts as done
        } catch (error) {
          onError(error)
        } finally {
          for (const resolve of done) resolve()
        }
      }
    } finally {
      running = undefined
    }
  }

  function schedule(): void {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      if (running === undefined) running = drain()
      // A build already running picks the new batch up when it finishes.
    }, debounceMs)
  }

  return {
    push(path) {
      if (closed) return Promise.resolve()
      pending.add(path)
      const finished = new Promise<void>((resolve) => waiting.push(resolve))
      // While a build runs, the drain loop takes the new batch as soon as it finishes.
      if (running === undefined) schedule()
      return finished
    },
    async idle() {
      while (running !== undefined || timer !== undefined || pending.size > 0) {
        if (running !== undefined) await running
        else await new Promise((resolve) => setTimeout(resolve, debounceMs))
      }
    },
    async close() {
      closed = true
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      pending.clear()
      for (const resolve of waiting.splice(0)) resolve()
      await running
    },
  }
}
