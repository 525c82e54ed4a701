/**
 * XML property lists (`<plist version="1.0">`, what `plutil -convert xml1` writes), read with the
 * XML reader the XBEL format uses: its fast scan of well-formed XML, else fast-xml-parser behind
 * its validator (errors at `line:column`, at most 1,000 elements deep, nothing a DOCTYPE declares
 * ever expanded). The `<plist>` element it hands over whole is turned into values here,
 * iteratively, with the place of every dictionary. Dictionaries have no prototype, so a key such
 * as `__proto__` is an ordinary key. Not a plist (wrong elements, a key without a value, an
 * integer that is not one, …) is an error `safari/bad-plist` at the element.
 */
import { BookgenError } from '../../model/errors.js'
import type { DecodeWarning } from '../shared/decode.js'
import type { LineIndex } from '../shared/line-index.js'
import { readXmlTree } from '../opml/index.js'
import type { SourceElement, SourceNode, XmlTreeHandler } from '../xbel/tree.js'
import { decodeXmlText } from '../xbel/xml-text.js'
import type { PlistDict, PlistValue } from './plist-value.js'

export interface XmlPlist {
  readonly value: PlistValue
  /** Text offsets of the start tags of every dictionary. */
  readonly offsets: Map<object, number>
  readonly notes: DecodeWarning[]
}

/** Receives the root element whole. */
class RootCatcher implements XmlTreeHandler {
  root: SourceElement | undefined
  open(): boolean {
    return false
  }
  child(node: SourceNode): void {
    if (this.root === undefined && typeof node !== 'string' && node.type === 'element') this.root = node
  }
  close(): void {}
}

/** Parse an XML plist. Throws `BookgenError` (`safari/not-well-formed`, `safari/bad-plist`, …). */
export function parseXmlPlist(text: string, file: string, lines: LineIndex): XmlPlist {
  const catcher = readXmlTree(text, file, lines, () => new RootCatcher(), 'safari', 'plist')
  if (catcher.root === undefined)
    throw new BookgenError('No root element: expected <plist>', {
      rule: 'safari/bad-plist',
      file,
      line: 1,
      column: 1,
    })
  return new PlistConverter(file, lines).convert(catcher.root)
}

type Frame =
  | { readonly kind: 'array'; readonly element: SourceElement; readonly into: PlistValue[]; index: number }
  | {
      readonly kind: 'dict'
      readonly element: SourceElement
      readonly into: PlistDict
      index: number
      key: string | undefined
    }

class PlistConverter {
  private readonly file: string
  private readonly lines: LineIndex
  private readonly offsets = new Map<object, number>()
  private readonly notes: DecodeWarning[] = []

  constructor(file: string, lines: LineIndex) {
    this.file = file
    this.lines = lines
  }

  convert(root: SourceElement): XmlPlist {
    if (root.name !== 'plist')
      throw this.error(root, `Expected <plist>, found <${root.name}>: not a property list`)
    const values = this.elementsOf(root)
    if (values.length !== 1) throw this.error(root, `Expected one value in <plist>, found ${values.length}`)
    let result: PlistValue = null
    const stack: Frame[] = []
    const add = (value: PlistValue, frame: Frame | undefined) => {
      if (frame === undefined) result = value
      else if (frame.kind === 'array') frame.into.push(value)
      else frame.into[frame.key!] = value
    }
    const start = (element: SourceElement, frame: Frame | undefined) => {
      const opened = this.open(element)
      add(opened.value, frame)
      if (opened.frame !== undefined) stack.push(opened.frame)
    }
    start(values[0]!, undefined)
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!
      const children = frame.element.children
      if (frame.index >= children.length) {
        if (frame.kind === 'dict' && frame.key !== undefined)
          throw this.error(frame.element, `The key "${frame.key.slice(0, 80)}" has no value`)
        stack.pop()
        continue
      }
      const child = this.element(frame.element, children[frame.index++]!)
      if (child === undefined) continue
      if (frame.kind === 'dict' && frame.key === undefined) {
        if (child.name !== 'key') throw this.error(child, `Expected <key> in <dict>, found <${child.name}>`)
        frame.key = this.text(child)
        continue
      }
      start(child, frame)
      if (frame.kind === 'dict') frame.key = undefined
    }
    return { value: result, offsets: this.offsets, notes: this.notes }
  }

  /** A container's value and frame, or a scalar's value. */
  private open(element: SourceElement): { value: PlistValue; frame?: Frame } {
    switch (element.name) {
      case 'dict': {
        const into = Object.create(null) as PlistDict
        if (element.offset >= 0) this.offsets.set(into, element.offset)
        return { value: into, frame: { kind: 'dict', element, into, index: 0, key: undefined } }
      }
      case 'array': {
        const into: PlistValue[] = []
        return { value: into, frame: { kind: 'array', element, into, index: 0 } }
      }
      default:
        return { value: this.scalar(element) }
    }
  }

  private scalar(element: SourceElement): PlistValue {
    const name = element.name
    if (name === 'true' || name === 'false') {
      if (this.elementsOf(element).length > 0 || this.text(element).trim() !== '')
        throw this.error(element, `<${name}/> has content`)
      return name === 'true'
    }
    const text = this.text(element)
    switch (name) {
      case 'string':
        return text
      case 'integer':
        return this.integer(element, text.trim())
      case 'real': {
        const value = Number(text.trim())
        if (text.trim() === '' || Number.isNaN(value))
          throw this.error(element, `"${text.slice(0, 40)}" is not a real number`)
        return value
      }
      case 'date':
        return new Date(text.trim())
      case 'data': {
        const base64 = text.replace(/\s+/g, '')
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw this.error(element, '<data> is not base64')
        return new Uint8Array(Buffer.from(base64, 'base64'))
      }
      case 'key':
        throw this.error(element, 'A <key> outside a <dict>')
      default:
        throw this.error(element, `Unknown plist element <${name}>`)
    }
  }

  private integer(element: SourceElement, text: string): number | bigint {
    const match = /^([+-]?)(?:0x([0-9a-f]+)|(\d+))$/i.exec(text)
    if (match === null) throw this.error(element, `"${text.slice(0, 40)}" is not an integer`)
    const [, sign, hex, decimal] = match
    const magnitude = hex === undefined ? BigInt(decimal!) : BigInt(`0x${hex}`)
    const big = sign === '-' ? -magnitude : magnitude
    return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(big)
      : big
  }

  /** The element child of a container; white space is skipped, other text is an error. */
  private element(parent: SourceElement, node: SourceNode): SourceElement | undefined {
    if (typeof node === 'string') {
      if (node.trim() !== '')
        throw this.error(parent, `Text "${node.trim().slice(0, 40)}" inside <${parent.name}>`)
      return undefined
    }
    if (node.type === 'cdata') throw this.error(parent, `A CDATA section inside <${parent.name}>`)
    return node
  }

  private elementsOf(element: SourceElement): SourceElement[] {
    const elements: SourceElement[] = []
    for (const node of element.children) {
      const child = this.element(element, node)
      if (child !== undefined) elements.push(child)
    }
    return elements
  }

  /** The text of a scalar element: its character data (references decoded) and CDATA. */
  private text(element: SourceElement): string {
    let text = ''
    for (const node of element.children) {
      if (typeof node === 'string')
        text += decodeXmlText(node, (reference, decoded) => this.noteEntity(element, reference, decoded))
      else if (node.type === 'cdata') text += node.value
      else throw this.error(node, `<${node.name}> inside <${element.name}>`)
    }
    return text
  }

  private noteEntity(element: SourceElement, reference: string, decoded: string | undefined): void {
    this.notes.push({
      offset: Math.max(0, element.offset),
      rule: 'safari/entity',
      message:
        decoded === undefined
          ? `Unknown reference ${reference} kept as written`
          : `${reference} is not an XML entity; read as HTML's "${decoded}"`,
    })
  }

  private error(element: SourceElement, reason: string): BookgenError {
    const { line, column } = this.lines.locate(Math.max(0, element.offset))
    return new BookgenError(reason, { rule: 'safari/bad-plist', file: this.file, line, column })
  }
}
