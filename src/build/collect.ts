/**
 * A full garbage collection, asked for where a build knows that much of its heap just died: once
 * its sources are parsed. Their bytes are garbage then, and so is what parsing made and dropped;
 * once large sources are parsed into a tree of strings of its own (`OWN_STRINGS_BYTES`), their
 * decoded text is too (at a million bookmarks of XBEL, 358 MB of bytes and 716 MB of text). V8
 * frees them only at its next full collection, which comes once the heap has grown further: the
 * model step and the first pages allocate on top of them, and a large build's peak came there.
 * Collected here, the limit V8 sets for its next collection is also reckoned from the smaller heap.
 *
 * Measured (peak RSS of `node bench/build-child.mjs`): XBEL 1M 2,292 → 1,913 MB (the collection
 * took 0.3–0.4 s); 100k Netscape 503–510 → 478–492 MB and XBEL 549–561 → 506–510 MB, in the same
 * time within noise (53 ms for the collection, where V8 then collects less on its own). Below
 * `COLLECT_FROM_BYTES` of sources the memory is small and the collection would only add time.
 *
 * Node offers `gc()` only to a process started with `--expose-gc`; the flag set later takes effect
 * for contexts made after it (the way jest's leak detector gets it). Where that does not work, the
 * build goes on without: the memory is freed at V8's own time.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** From this many bytes of sources (all of a build's, read anew) a build collects once they are parsed. */
export const COLLECT_FROM_BYTES = 16 * 1024 * 1024

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
