/**
 * A full garbage collection, asked for where a build knows that much of its heap just died: once
 * large sources are parsed into a tree of strings of its own (`OWN_STRINGS_BYTES`), their bytes and
 * their decoded text (at a million bookmarks of XBEL, 358 MB and 716 MB) are garbage, but V8 frees
 * them only at its next full collection, which comes once the heap has grown further: the model
 * step and the first pages allocate on top of them, and the build's peak came there (2.10 and
 * 2.29 GB in two builds; 1.83 and 1.91 GB when collected here, which took 0.3–0.4 s).
 *
 * Node offers `gc()` only to a process started with `--expose-gc`; the flag set later takes effect
 * for contexts made after it (the way jest's leak detector gets it). Where that does not work, the
 * build goes on without: the memory is freed at V8's own time.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let collector: (() => void) | null | undefined

/** Collect garbage now (a full, blocking collection); false when this Node cannot be asked to. */
export function collectGarbage(): boolean {
  if (collector === undefined) collector = findCollector()
  if (collector === null) return false
  collector()
  return true
}

function findCollector(): (() => void) | null {
  const exposed = (globalThis as { gc?: unknown }).gc
  if (typeof exposed === 'function') return exposed as () => void
  try {
    setFlagsFromString('--expose-gc')
    const made: unknown = runInNewContext('typeof gc === "function" ? gc : undefined')
    // Contexts made from now on (a theme's, a test's) see no `gc` they did not ask for.
    setFlagsFromString('--no-expose-gc')
    return typeof made === 'function' ? (made as () => void) : null
  } catch {
    return null
  }
}
