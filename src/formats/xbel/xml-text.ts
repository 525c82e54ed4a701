/**
 * Character data of an XML document, decoded exactly as XML says and no further: the five
 * predefined entities and numeric character references. Nothing a DOCTYPE declares is ever
 * expanded (no billion laughs, no external entities). One tolerance: an undeclared HTML entity
 * such as `&nbsp;`, which older XBEL writers (Arora) produced, is decoded from HTML's fixed table
 * and reported; any other unknown reference stays as written and is reported.
 */
import { decodeHTMLStrict } from 'entities/decode'

const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** Reports an entity that is not XML's own. */
export type EntityReporter = (reference: string, decodedAs: string | undefined) => void

/** Decode references in text (after XML line-end normalization: CRLF and CR become LF). */
export function decodeXmlText(raw: string, report: EntityReporter): string {
  const text = normalizeLineEnds(raw)
  return text.includes('&') ? decodeReferences(text, report) : text
}

/** XML line-end normalization: CRLF and CR become LF. */
export function normalizeLineEnds(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text
}

/**
 * Decode an attribute value: line ends and tabs become spaces (XML attribute-value
 * normalization), then references are decoded (so `&#10;` stays a line break).
 */
export function decodeXmlAttribute(raw: string, report: EntityReporter): string {
  const text = /[\t\n\r]/.test(raw) ? raw.replace(/\r\n?/g, '\n').replace(/[\t\n]/g, ' ') : raw
  return text.includes('&') ? decodeReferences(text, report) : text
}

function decodeReferences(text: string, report: EntityReporter): string {
  return text.replace(/&(#[xX][0-9A-Fa-f]+|#[0-9]+|[A-Za-z_][A-Za-z0-9._-]*);/g, (match, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? Number.parseInt(body.slice(2), 16)
          : Number.parseInt(body.slice(1), 10)
      if (isXmlChar(code)) return String.fromCodePoint(code)
      report(match, undefined)
      return '\uFFFD'
    }
    const predefined = PREDEFINED[body]
    if (predefined !== undefined) return predefined
    const html = decodeHTMLStrict(match)
    if (html !== match) {
      report(match, html)
      return html
    }
    report(match, undefined)
    return match
  })
}

/** Characters XML 1.0 allows in a document. */
export function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  )
}
