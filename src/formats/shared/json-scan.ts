/**
 * Places in JSON text, which JSON.parse does not give, from one scanner: `scanJsonValues` is one
 * forward, iterative pass that follows RFC 8259's grammar (what JSON.parse accepts).
 *
 * - It reports where each value starts and under which path (object keys and array indices);
 *   readers use it to put `file:line:col` on nodes and warnings, sniffers on a file's head, which
 *   may be cut anywhere (the scan simply stops there, as it does at anything that is not JSON).
 *   `findJsonOffsets`, `memberOffset`, `headKeys` and `firstObjectKeys` are built on it.
 * - `jsonOffsets` pairs the objects and arrays of a parsed document with where they start, along
 *   the paths a reader names: the Chrome and Firefox readers' scan of files of 100,000 bookmarks.
 * - `findJsonError` says where text stops being JSON, and why: V8 on Node 20 does not always say
 *   "at position N" in its JSON.parse errors.
 */

/** One step of a path: an object key or an array index. */
export type JsonStep = string | number

/** Says where a value starts; return `false` to stop the scan. */
export type JsonVisitor = (path: readonly JsonStep[], offset: number) => boolean | void

export interface JsonScanOptions {
  /** Where the value to scan starts (default: the start of the text). */
  readonly from?: number
  /** Values deeper than this many steps are skipped over, not reported (default: no limit). */
  readonly maxDepth?: number
  /**
   * Take any text between quotes as a string and any run of letters, digits and `+-.` as a
   * number or literal: a sniffer still sees the keys of a head broken inside a value.
   */
  readonly loose?: boolean
}

/** What the scan expects next. */
const Expect = {
  Value: 0,
  ValueOrEnd: 1,
  Key: 2,
  KeyOrEnd: 3,
  Colon: 4,
  AfterValue: 5,
} as const
type Expect = (typeof Expect)[keyof typeof Expect]

interface Frame {
  readonly array: boolean
  /** Whether the path holds this frame's current key or index. */
  stepped: boolean
}

/** Where text stops being JSON, and why. */
export interface JsonError {
  readonly offset: number
  readonly reason: string
}

/**
 * Report the start of every value of the first JSON value at or after `from`, in document order,
 * with its path (a list the scan reuses: copy it to keep it). Stops at the end of that value
 * (returning where it ends), when `visit` returns false (returning where), or at the first place
 * the text is not JSON or ends (returning that place and why). Never throws and never recurses;
 * the path is as long as the nesting is deep.
 */
export function scanJsonValues(
  text: string,
  visit: JsonVisitor,
  options: JsonScanOptions = {},
): number | JsonError {
  const maxDepth = options.maxDepth ?? Infinity
  const tokens = options.loose === true ? LOOSE : STRICT
  const frames: Frame[] = []
  const path: JsonStep[] = []
  let expect: Expect = Expect.Value
  let i = options.from ?? 0
  const length = text.length
  for (;;) {
    i = skipSpace(text, i)
    if (i >= length) return { offset: length, reason: 'the text ends before its JSON does' }
    const c = text.charCodeAt(i)
    const top = frames[frames.length - 1]
    if (expect === Expect.Value || (expect === Expect.ValueOrEnd && c !== 0x5d)) {
      if (path.length <= maxDepth && tokens.start.test(text[i]!) && visit(path, i) === false) return i
      if (c === 0x7b /* { */) {
        frames.push({ array: false, stepped: false })
        expect = Expect.KeyOrEnd
        i++
        continue
      }
      if (c === 0x5b /* [ */) {
        frames.push({ array: true, stepped: true })
        path.push(0)
        expect = Expect.ValueOrEnd
        i++
        continue
      }
      const end = scalarEnd(text, i, tokens)
      if (typeof end !== 'number') return end
      i = end
      expect = Expect.AfterValue
      if (frames.length === 0) return i
      continue
    }
    if (expect === Expect.Key || (expect === Expect.KeyOrEnd && c !== 0x7d)) {
      if (c !== 0x22) return { offset: i, reason: `expected a key in quotes, found ${shown(text, i)}` }
      const end = stringEnd(text, i, tokens)
      if (typeof end !== 'number') return end
      path.push(keyText(text, i, end - 1))
      top!.stepped = true
      i = end
      expect = Expect.Colon
      continue
    }
    if (expect === Expect.Colon) {
      if (c !== 0x3a /* : */)
        return { offset: i, reason: `expected ":" after a key, found ${shown(text, i)}` }
      i++
      expect = Expect.Value
      continue
    }
    // After a value, or at `]`/`}` closing an empty container.
    const closer = top!.array ? ']' : '}'
    if (c === 0x2c /* , */ && expect === Expect.AfterValue) {
      if (top!.array) path[path.length - 1] = (path[path.length - 1] as number) + 1
      else {
        path.pop()
        top!.stepped = false
      }
      expect = top!.array ? Expect.Value : Expect.Key
      i++
      continue
    }
    if (text[i] !== closer)
      return { offset: i, reason: `expected "," or "${closer}", found ${shown(text, i)}` }
    frames.pop()
    if (top!.stepped) path.pop()
    i++
    expect = Expect.AfterValue
    if (frames.length === 0) return i
  }
}

/** How strings (after the opening quote) and other scalars are matched. */
interface Tokens {
  /** The first characters of values. */
  readonly start: RegExp
  readonly stringBody: RegExp
  readonly scalars: readonly RegExp[]
}

const STRICT: Tokens = {
  start: /["\-\d{[tfn]/,
  stringBody: /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y,
  scalars: [/-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y, /true|false|null/y],
}
const LOOSE: Tokens = {
  start: /["{[A-Za-z\d+.-]/,
  stringBody: /(?:[^"\\]|\\[^])*/y,
  scalars: [/[A-Za-z\d+.-]+/y],
}

/** Just past the string, number or literal starting at `start`, or why there is none. */
function scalarEnd(text: string, start: number, tokens: Tokens): number | JsonError {
  if (text.charCodeAt(start) === 0x22) return stringEnd(text, start, tokens)
  for (const pattern of tokens.scalars) {
    pattern.lastIndex = start
    if (pattern.exec(text) !== null && pattern.lastIndex > start) return pattern.lastIndex
  }
  return { offset: start, reason: `expected a value, found ${shown(text, start)}` }
}

/** Just past the closing quote of the string whose opening quote is at `start`, or why there is none. */
function stringEnd(text: string, start: number, tokens: Tokens): number | JsonError {
  tokens.stringBody.lastIndex = start + 1
  tokens.stringBody.exec(text)
  const end = tokens.stringBody.lastIndex
  if (text.charCodeAt(end) === 0x22) return end + 1
  if (end >= text.length) return { offset: end, reason: 'the text ends inside a string' }
  return { offset: end, reason: `${shown(text, end)} is not allowed here in a string` }
}

function skipSpace(text: string, from: number): number {
  let i = from
  let c = text.charCodeAt(i)
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i)
  return i
}

/** The character at `at`, for messages: quoted, or its code point when it is a control character. */
function shown(text: string, at: number): string {
  const code = text.charCodeAt(at)
  return code < 0x20 || code === 0x7f
    ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
    : `"${text[at]}"`
}

/** A key's text: escapes decoded when it has any (and can be decoded). */
function keyText(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end)
  if (!raw.includes('\\')) return raw
  try {
    return JSON.parse(text.slice(start, end + 1)) as string
  } catch {
    return raw
  }
}

/** The first place `text` is not JSON, or undefined when it is JSON. */
export function findJsonError(text: string): JsonError | undefined {
  const end = scanJsonValues(text, () => {})
  if (typeof end !== 'number') return end
  const after = skipSpace(text, end)
  if (after >= text.length) return undefined
  return { offset: after, reason: `unexpected ${shown(text, after)} after the end of the JSON value` }
}

/** A path pattern: keys, indices, or `*` for any index (or any key). */
export type JsonPattern = readonly JsonStep[]

/**
 * Where the values matching each pattern start, keyed by the indices (and keys) the `*` steps
 * matched, joined with `/`: `['collections', '*', 'links', '*']` gives keys like `3/0`. A later
 * duplicate key in an object replaces an earlier one, as it does in JSON.parse.
 */
export function findJsonOffsets(text: string, patterns: readonly JsonPattern[]): Array<Map<string, number>> {
  const found = patterns.map(() => new Map<string, number>())
  const maxDepth = Math.max(0, ...patterns.map((pattern) => pattern.length))
  scanJsonValues(
    text,
    (path, offset) => {
      for (let p = 0; p < patterns.length; p++) {
        const key = matchPattern(patterns[p]!, path)
        if (key !== undefined) found[p]!.set(key, offset)
      }
    },
    { maxDepth },
  )
  return found
}

function matchPattern(pattern: JsonPattern, path: readonly JsonStep[]): string | undefined {
  if (pattern.length !== path.length) return undefined
  let key = ''
  for (let i = 0; i < pattern.length; i++) {
    const step = pattern[i]!
    if (step === '*') key += key === '' ? String(path[i]) : `/${String(path[i])}`
    else if (step !== path[i]) return undefined
  }
  return key
}

/** The offset of member `name`'s value (its first, if repeated) in the object whose `{` is at `objectStart`. */
export function memberOffset(text: string, objectStart: number, name: string): number | undefined {
  let found: number | undefined
  scanJsonValues(
    text,
    (path, offset) => {
      if (path.length !== 1 || path[0] !== name) return true
      found = offset
      return false
    },
    { from: objectStart, maxDepth: 1 },
  )
  return found
}

/**
 * What a sniffer needs from a file's head: the keys seen under the given paths (`[]` for the
 * top level, `['results', 0]` for the first result, …), reading at most `maxDepth` steps deep.
 * The head may be cut anywhere; keys after the cut are simply not seen.
 */
export function headKeys(head: string, paths: readonly JsonPattern[]): Array<Set<string>> {
  const keys = paths.map(() => new Set<string>())
  const maxDepth = Math.max(...paths.map((path) => path.length + 1))
  const start = head.search(/\S/)
  if (start === -1 || head.charCodeAt(start) !== 0x7b) return keys
  scanJsonValues(
    head,
    (path) => {
      for (let p = 0; p < paths.length; p++) {
        const prefix = paths[p]!
        if (path.length === prefix.length + 1 && prefix.every((step, i) => step === path[i]))
          keys[p]!.add(String(path[path.length - 1]))
      }
    },
    { from: start, maxDepth, loose: true },
  )
  return keys
}

/**
 * The keys of the first object of a top-level JSON list in `head` (a file's first bytes; the
 * rest may be cut off), or undefined when the head does not start that way. Keys of nested
 * objects are not included.
 */
export function firstObjectKeys(head: string): Set<string> | undefined {
  if (!/^\s*\[\s*\{/.test(head)) return undefined
  const keys = new Set<string>()
  scanJsonValues(
    head,
    (path) => {
      if (path.length < 2) return path.length === 0 || path[0] === 0
      keys.add(String(path[1]))
      return true
    },
    { maxDepth: 2, loose: true },
  )
  return keys
}

// ---- the containers of a parsed document ------------------------------------------------------
//
// One linear scan finds the start of every object and array along the paths a reader names (its
// "roles": a bookmark node, a list of children, …); they are then paired with the parsed values
// by key and index, so duplicate keys (the last one wins, as in JSON.parse) and keys JavaScript
// reorders (`"1"` before `"a"`) cannot shift the pairing.

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

/**
 * The tracked containers of `text`, from the top-level value down: `open[d]` is the container at
 * depth `d` of the current path, with its role (a value is visited after its parent).
 */
function scanContainers(text: string, topRole: string, descend: Descend): Tracked | undefined {
  const open: Array<{ role: string; tracked: Tracked } | undefined> = []
  scanJsonValues(text, (path, offset) => {
    const code = text.charCodeAt(offset)
    const depth = path.length
    open[depth] = undefined
    if (code !== 0x7b && code !== 0x5b) return
    const parent = depth === 0 ? undefined : open[depth - 1]
    if (depth > 0 && parent === undefined) return
    const key = path[depth - 1]!
    const role = parent === undefined ? topRole : descend(parent.role, key)
    if (role === undefined) return
    const tracked: Tracked = { offset, children: undefined }
    if (parent !== undefined) (parent.tracked.children ??= new Map()).set(key, tracked)
    open[depth] = { role, tracked }
  })
  return open[0]?.tracked
}
