/**
 * Where the objects of a parsed JSON document start in its text, for places on nodes and warnings:
 * JSON.parse gives none. One linear scan of the text (iterative, any depth) finds the start of
 * every object and array along the paths a reader names (its "roles": a bookmark node, a list of
 * children, …); they are then paired with the parsed values by key and index, so duplicate keys
 * (the last one wins, as in JSON.parse) and keys JavaScript reorders (`"1"` before `"a"`) cannot
 * shift the pairing.
 */

/**
 * The role of the container at `key` of a container of role `role`, or undefined when the reader
 * does not need places there (nothing below it is tracked).
 */
export type Descend = (role: string, key: string | number) => string | undefined

/** A tracked container: where it starts, and its tracked children by key or index. */
interface Tracked {
  readonly offset: number
  children: Map<string | number, Tracked> | undefined
}

/** An open container during the scan. */
interface Frame {
  readonly isArray: boolean
  readonly role: string | undefined
  readonly tracked: Tracked | undefined
  /** The key whose value comes next (objects), or the index of the next element (arrays). */
  key: string | number
  /** Objects: whether the next string is a key. */
  expectKey: boolean
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const COMMA = 0x2c

/**
 * Offsets (UTF-16, in `text`) of the objects and arrays of `value` (the result of `JSON.parse(text)`)
 * that `descend` names, starting from the top-level value of role `topRole`.
 */
export function jsonOffsets(
  text: string,
  value: unknown,
  topRole: string,
  descend: Descend,
): Map<object, number> {
  const top = scanContainers(text, topRole, descend)
  const offsets = new Map<object, number>()
  if (top === undefined) return offsets
  const stack: Array<{ value: unknown; tracked: Tracked }> = [{ value, tracked: top }]
  while (stack.length > 0) {
    const { value: current, tracked } = stack.pop()!
    if (typeof current !== 'object' || current === null) continue
    offsets.set(current, tracked.offset)
    if (tracked.children === undefined) continue
    for (const [key, child] of tracked.children) {
      const next = childValue(current, key)
      if (next !== undefined) stack.push({ value: next, tracked: child })
    }
  }
  return offsets
}

function childValue(container: object, key: string | number): unknown {
  if (Array.isArray(container)) return typeof key === 'number' ? (container[key] as unknown) : undefined
  if (typeof key !== 'string' || !Object.hasOwn(container, key)) return undefined
  return (container as Record<string, unknown>)[key]
}

/** The tracked containers of `text`, from the top-level value down. */
function scanContainers(text: string, topRole: string, descend: Descend): Tracked | undefined {
  const frames: Frame[] = []
  let top: Tracked | undefined
  const length = text.length
  let i = 0
  while (i < length) {
    const code = text.charCodeAt(i)
    if (code === QUOTE) {
      const end = stringEnd(text, i)
      const frame = frames[frames.length - 1]
      if (frame !== undefined && frame.expectKey) {
        const raw = text.slice(i + 1, end - 1)
        frame.key = raw.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : raw
        frame.expectKey = false
      }
      i = end
      continue
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      const tracked = open(frames, i, code === OPEN_BRACKET, topRole, descend)
      if (frames.length === 1) top = tracked
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) frames.pop()
    else if (code === COMMA) {
      const frame = frames[frames.length - 1]
      if (frame !== undefined) {
        if (frame.isArray) frame.key = (frame.key as number) + 1
        else frame.expectKey = true
      }
    }
    i++
  }
  return top
}

/** Open a container at `offset`; returns it when it is tracked. */
function open(
  frames: Frame[],
  offset: number,
  isArray: boolean,
  topRole: string,
  descend: Descend,
): Tracked | undefined {
  const parent = frames[frames.length - 1]
  let role: string | undefined
  if (parent === undefined) role = topRole
  else if (parent.role !== undefined) role = descend(parent.role, parent.key)
  const tracked: Tracked | undefined = role === undefined ? undefined : { offset, children: undefined }
  if (tracked !== undefined && parent?.tracked !== undefined) {
    parent.tracked.children ??= new Map()
    parent.tracked.children.set(parent.key, tracked)
  }
  frames.push({ isArray, role, tracked, key: isArray ? 0 : '', expectKey: !isArray })
  return tracked
}

/** The offset just past the string that starts (with its quote) at `start`. */
function stringEnd(text: string, start: number): number {
  let at = start + 1
  for (;;) {
    const quote = text.indexOf('"', at)
    if (quote === -1) return text.length
    let backslashes = 0
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return quote + 1
    at = quote + 1
  }
}
