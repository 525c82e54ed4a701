/**
 * JSON text without parsing it: one forward, iterative pass that reports where each value starts
 * and under which path (object keys and array indices). JSON.parse gives no places, so readers use
 * this to put `file:line:col` on nodes and warnings; sniffers use it on a file's head, which may be
 * cut anywhere (the scan simply stops there, as it does at anything that is not JSON).
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

/**
 * Report the start of every value of the first JSON value at or after `from`, in document order,
 * with its path (a list the scan reuses: copy it to keep it). Stops at the end of that value, at
 * text that is not JSON, at the end of the text, or when `visit` returns false. Never throws and
 * never recurses; the path is as long as the nesting is deep.
 */
export function scanJsonValues(text: string, visit: JsonVisitor, options: JsonScanOptions = {}): void {
  const maxDepth = options.maxDepth ?? Infinity
  const frames: Frame[] = []
  const path: JsonStep[] = []
  let expect: Expect = Expect.Value
  let i = options.from ?? 0
  const length = text.length
  while (i < length) {
    const c = text.charCodeAt(i)
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      i++
      continue
    }
    const top = frames[frames.length - 1]
    if (expect === Expect.Value || (expect === Expect.ValueOrEnd && c !== 0x5d)) {
      const scalarEnd =
        c === 0x7b || c === 0x5b ? i : c === 0x22 ? stringEnd(text, i) + 1 : literalEnd(text, i)
      if (scalarEnd === i && c !== 0x7b && c !== 0x5b) return
      if (path.length <= maxDepth && visit(path, i) === false) return
      if (c === 0x7b /* { */) {
        frames.push({ array: false, stepped: false })
        expect = Expect.KeyOrEnd
        i++
      } else if (c === 0x5b /* [ */) {
        frames.push({ array: true, stepped: true })
        path.push(0)
        expect = Expect.ValueOrEnd
        i++
      } else {
        i = scalarEnd
        expect = Expect.AfterValue
      }
      if (frames.length === 0) return
      continue
    }
    if (expect === Expect.Key || (expect === Expect.KeyOrEnd && c === 0x22)) {
      if (c !== 0x22) return
      const end = stringEnd(text, i)
      if (end >= length) return
      path.push(keyText(text, i, end))
      top!.stepped = true
      i = end + 1
      expect = Expect.Colon
      continue
    }
    if (expect === Expect.Colon) {
      if (c !== 0x3a /* : */) return
      i++
      expect = Expect.Value
      continue
    }
    // After a value, or at `]`/`}` closing an empty container.
    if (top === undefined) return
    if (c === 0x2c /* , */ && expect === Expect.AfterValue) {
      if (top.array) path[path.length - 1] = (path[path.length - 1] as number) + 1
      else {
        path.pop()
        top.stepped = false
      }
      expect = top.array ? Expect.Value : Expect.Key
      i++
      continue
    }
    if (c !== (top.array ? 0x5d : 0x7d)) return
    frames.pop()
    if (top.stepped) path.pop()
    i++
    expect = Expect.AfterValue
    if (frames.length === 0) return
  }
}

/** The offset of the closing quote of the string whose opening quote is at `start` (or the text's end). */
function stringEnd(text: string, start: number): number {
  let i = start + 1
  for (;;) {
    const quote = text.indexOf('"', i)
    if (quote === -1) return text.length
    let backslashes = 0
    for (let j = quote - 1; j > start && text.charCodeAt(j) === 0x5c; j--) backslashes++
    if (backslashes % 2 === 0) return quote
    i = quote + 1
  }
}

/** The end of a number or `true`/`false`/`null` starting at `start` (`start` itself when there is none). */
function literalEnd(text: string, start: number): number {
  let i = start
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
    if (!(letter || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e)) break
  }
  return i
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
    { from: start, maxDepth },
  )
  return keys
}
