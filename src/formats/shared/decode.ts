/**
 * Bytes → text, the way browsers pick an encoding for a bookmark file: a byte-order mark wins, then
 * an XML declaration or `<META … charset=…>`, then UTF-8. Files without a declaration whose bytes are
 * not UTF-8 are read as windows-1252 (what a browser does for legacy pages) with a warning, instead
 * of turning every accented letter into U+FFFD.
 */
import { isUtf8 } from 'node:buffer'
import type { Message } from '../../model/message.js'
import type { LineIndex } from './line-index.js'

/** A problem found while decoding, placed by character offset in the decoded text. */
export interface DecodeWarning {
  offset: number
  rule: string
  message: string
}

export interface DecodedText {
  text: string
  /** WHATWG encoding name actually used, e.g. `utf-8`, `windows-1252`, `macintosh`. */
  encoding: string
  /** The label the file declared, if any (as written). */
  declared?: string
  warnings: DecodeWarning[]
}

/** Legacy labels seen in real exports that WHATWG's encoding registry does not list. */
const EXTRA_LABELS: Record<string, string> = {
  'x-mac-system': 'macintosh',
  'x-mac': 'macintosh',
  macroman: 'macintosh',
  'mac-roman': 'macintosh',
  'x-sjis': 'shift_jis',
}

/** How many leading bytes are searched for a charset declaration (browsers use 1024; exports put it near the top). */
export const PRESCAN_BYTES = 8192

/** The encoding a byte-order mark at the start of `bytes` names, if there is one. */
export function byteOrderMark(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  return undefined
}

/**
 * `read` given `bytes` decoded when it first asks (a reader that reads the bytes as `utf8ByteText`
 * never does), timed: the decoding into `timings.decode`, the rest into `timings.parse` (a build's
 * and watch mode's readers, whose phases the benchmark reports apart).
 */
export function timedRead<T>(
  bytes: Uint8Array,
  timings: { decode: number; parse: number } | undefined,
  read: (text: () => DecodedText) => T,
): T {
  const started = performance.now()
  let decoded: DecodedText | undefined
  let decoding = 0
  const result = read(() => {
    if (decoded === undefined) {
      const start = performance.now()
      decoded = decodeSource(bytes)
      decoding = performance.now() - start
    }
    return decoded
  })
  if (timings !== undefined) {
    timings.decode += decoding
    timings.parse += performance.now() - started - decoding
  }
  return result
}

/**
 * The bytes of a source that `decodeSource` reads as UTF-8 without a warning (valid UTF-8 that
 * declares no other charset), as one-byte text: each byte a character (`latin1`), without the
 * byte-order mark. Undefined for any other source.
 *
 * Why: V8 keeps a string whose characters all fit in a byte at a byte each, and any other at two.
 * A file with one character past U+00FF (a Korean title, an emoji) decodes to two bytes per
 * character: a 358 MB XBEL file of a million bookmarks to 716 MB of text, while this text is 358 MB.
 * Markup is ASCII, so a reader finds the same tags in it; the values it takes out are UTF-8 still
 * (`fromUtf8ByteText`), and its offsets count bytes (`Utf8ByteLineIndex` turns them into columns).
 */
export function utf8ByteText(bytes: Uint8Array): string | undefined {
  const mark = byteOrderMark(bytes)
  if (mark !== undefined && mark !== 'utf-8') return undefined
  if (mark === undefined) {
    const declared = findDeclaredCharset(bytes)
    const encoding = declared === undefined ? 'utf-8' : resolveLabel(declared)
    // As `decodeSource`: a META or XML declaration of UTF-16 in an ASCII-readable file reads as UTF-8.
    if (encoding === undefined || (encoding !== 'utf-8' && !encoding.startsWith('utf-16'))) return undefined
  }
  const body = mark === 'utf-8' ? bytes.subarray(3) : bytes
  if (!isUtf8(body)) return undefined
  return latin1(body)
}

/** A value taken out of `utf8ByteText`'s text, decoded. */
export function fromUtf8ByteText(value: string): string {
  return Buffer.from(value, 'latin1').toString('utf8')
}

/** Decode a source file's bytes. Never throws for any byte sequence. */
export function decodeSource(bytes: Uint8Array): DecodedText {
  const warnings: DecodeWarning[] = []

  const mark = byteOrderMark(bytes)
  if (mark === 'utf-8') return decodeUtf8(bytes.subarray(3), true, undefined, warnings)
  if (mark !== undefined)
    return { text: new TextDecoder(mark).decode(bytes.subarray(2)), encoding: mark, warnings }

  const declared = findDeclaredCharset(bytes)
  if (declared !== undefined) {
    const encoding = resolveLabel(declared)
    if (encoding === undefined) {
      warnings.push({
        offset: 0,
        rule: 'source/unknown-charset',
        message: `Unknown charset "${declared}"; reading the file as UTF-8 (or windows-1252 if it is not UTF-8)`,
      })
    } else if (encoding === 'utf-8' || encoding.startsWith('utf-16')) {
      // A META cannot truthfully declare UTF-16 in an ASCII-readable file: browsers read it as UTF-8.
      return decodeUtf8(bytes, true, declared, warnings)
    } else {
      return { text: decodeWith(encoding, bytes), encoding, declared, warnings }
    }
  }
  return decodeUtf8(bytes, false, declared, warnings)
}

function decodeUtf8(
  bytes: Uint8Array,
  declaredUtf8: boolean,
  declared: string | undefined,
  warnings: DecodeWarning[],
): DecodedText {
  const withDeclared = (result: DecodedText): DecodedText => {
    if (declared !== undefined) result.declared = declared
    return result
  }
  try {
    return withDeclared({
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      encoding: 'utf-8',
      warnings,
    })
  } catch {
    // Not valid UTF-8: decide below.
  }
  const scan = scanUtf8(bytes)
  if (!declaredUtf8 && scan.validMultibyte <= scan.invalid) {
    // Legacy single-byte text that never declared itself: windows-1252 is what browsers assume.
    warnings.push({
      offset: 0,
      rule: 'source/assumed-windows-1252',
      message: `The file declares no charset and is not UTF-8 (first bad byte at offset ${scan.firstInvalid}); read it as windows-1252. Add <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=…"> if this is wrong`,
    })
    return withDeclared({ text: decodeWith('windows-1252', bytes), encoding: 'windows-1252', warnings })
  }
  const text = new TextDecoder('utf-8').decode(bytes)
  warnings.push({
    offset: Math.max(0, text.indexOf('\uFFFD')),
    rule: 'source/invalid-utf-8',
    message: `${scan.invalid} invalid UTF-8 sequence${scan.invalid === 1 ? '' : 's'} (first at byte offset ${scan.firstInvalid}) replaced with U+FFFD`,
  })
  return withDeclared({ text, encoding: 'utf-8', warnings })
}

/**
 * windows-1252's 0x80–0x9F, as the WHATWG Encoding Standard maps them. Node 20's TextDecoder
 * decodes windows-1252 (and its aliases latin1, iso-8859-1, ascii) as ISO-8859-1, so `€` would come
 * out as U+0080; this table puts them right.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
]

/** Decode `bytes` with a WHATWG encoding name. */
function decodeWith(encoding: string, bytes: Uint8Array): string {
  const text = new TextDecoder(encoding).decode(bytes)
  if (encoding !== 'windows-1252' || !/[\u0080-\u009f]/.test(text)) return text
  return text.replace(/[\u0080-\u009f]/g, (c) =>
    String.fromCharCode(WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!),
  )
}

/** Count well-formed multi-byte UTF-8 sequences and invalid bytes. */
function scanUtf8(bytes: Uint8Array): { validMultibyte: number; invalid: number; firstInvalid: number } {
  let validMultibyte = 0
  let invalid = 0
  let firstInvalid = -1
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]!
    if (b < 0x80) {
      i++
      continue
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0
    let ok = length > 0 && i + length <= bytes.length
    for (let k = 1; ok && k < length; k++) ok = (bytes[i + k]! & 0xc0) === 0x80
    if (ok) {
      validMultibyte++
      i += length
    } else {
      if (firstInvalid === -1) firstInvalid = i
      invalid++
      i++
    }
  }
  return { validMultibyte, invalid, firstInvalid }
}

/** Find `encoding="…"` in an XML declaration or `charset=…` in a META tag near the top of the file. */
export function findDeclaredCharset(bytes: Uint8Array): string | undefined {
  const head = latin1(bytes.subarray(0, PRESCAN_BYTES))
  const xml = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([^"']+)["']/i.exec(head)
  if (xml) return xml[1]!.trim()
  const metaPattern = /<meta\b[^>]*>/gi
  for (let match = metaPattern.exec(head); match !== null; match = metaPattern.exec(head)) {
    const charset = /charset\s*=\s*["']?\s*([^"'\s;>/]+)/i.exec(match[0])
    if (charset) return charset[1]!
  }
  return undefined
}

/** WHATWG encoding name for a label, or undefined when neither WHATWG nor our legacy list knows it. */
export function resolveLabel(label: string): string | undefined {
  const key = label.trim().toLowerCase()
  const mapped = EXTRA_LABELS[key] ?? key
  try {
    return new TextDecoder(mapped).encoding
  } catch {
    return undefined
  }
}

/** `bytes` as text, each byte a character (U+0000–U+00FF). */
function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
}

/** Warnings placed by offset (decoding's, a reader's notes) at their line and column in `file`. */
export function placeWarnings(notes: readonly DecodeWarning[], lines: LineIndex, file: string): Message[] {
  return notes.map(({ offset, rule, message }) => ({ file, ...lines.locate(offset), rule, message }))
}

/**
 * The decoding warnings of `decoded`, placed in `file`, for readers that get their text from
 * `SourceInput.text()`. Lines end at CRLF, LF or a lone CR (old Mac files), as XML counts them.
 */
export function decodeWarnings(decoded: DecodedText, file: string): Message[] {
  return decoded.warnings.map(({ offset, rule, message }) => ({
    file,
    ...locateAnyLineEnd(decoded.text, offset),
    rule,
    message,
  }))
}

/** 1-based line and column of `offset` in `text`, counting CRLF, LF and CR as line ends. */
export function locateAnyLineEnd(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let start = 0
  const end = Math.min(offset, text.length)
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++
      start = i + 1
    }
  }
  return { line, column: end - start + 1 }
}
