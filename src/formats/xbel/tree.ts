/**
 * The XML the XBEL reader works on: elements, text and CDATA, handed over in document order by
 * either way of reading the text — the fast scan of well-formed XML (`scan.ts`) or, for
 * anything that scan does not vouch for, fast-xml-parser behind its validator
 * (`strict.ts`). The reader chooses which elements it takes child by child (the root,
 * folders and bookmarks) and which whole; so a large file is never held as one big tree. Text and attribute
 * values are kept as written, references undecoded (line ends may already be normalized), so
 * that the reader decodes them, and reports odd references, in one place.
 */
import { LIMITS } from '../shared/limits.js'

/** Deepest element nesting accepted (folders inside folders and their metadata): `LIMITS.xmlDepth`. */
export const MAX_XML_DEPTH = LIMITS.xmlDepth

/** An element: its name, attributes and children in source order, and where its start tag is. */
export interface SourceElement {
  readonly type: 'element'
  readonly name: string
  /** Attribute names and raw values, alternating: `[name, value, name, value, …]`. */
  readonly attributes: readonly string[]
  /** Children, for an element handed over whole; empty for one handed over child by child. */
  children: readonly SourceNode[]
  /** UTF-16 offset of the start tag's `<` in the source text; -1 when it is not known. */
  offset: number
}

/** A CDATA section: its text is taken as written (line ends normalized), never decoded. */
export interface SourceCdata {
  readonly type: 'cdata'
  readonly value: string
}

/**
 * A child node. A string is a run of character data as written, references undecoded. Comments
 * do not end a run (the text on both sides of one is a single string); processing instructions,
 * CDATA sections and elements do. Comments and processing instructions are not kept.
 */
export type SourceNode = SourceElement | SourceCdata | string

/**
 * What reads the XML. Calls come in document order: `open` for the root and for each element
 * whose parent it takes child by child; `child` for each child of such an element, complete (text
 * that is only white space may be left out); `close` when such an element ends.
 */
export interface XmlTreeHandler {
  /**
   * An element starts (attributes known, children not yet): return true to take its children one
   * by one, false to receive it whole, children included, through `child` when it ends.
   */
  open(element: SourceElement): boolean
  /**
   * A complete child of the element open last: text, CDATA or an element received whole (or the
   * root, if `open` declined it).
   */
  child(node: SourceNode): void
  /** The element open last (one `open` returned true for) ends. */
  close(): void
}
