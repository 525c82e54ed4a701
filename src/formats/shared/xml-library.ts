/**
 * fast-xml-parser for the readers that need a strict XML parse (XBEL's careful path, Pinboard's
 * XML): its CommonJS build, loaded the first time a file needs it (an ES module cannot be imported
 * synchronously in Node 20, and loading it costs a build tens of milliseconds), and the options
 * those readers share: document order kept, nothing parsed, trimmed or decoded behind their back.
 */
import { createRequire } from 'node:module'
import type { X2jOptions, XMLParser as Parser, XMLValidator as Validator } from 'fast-xml-parser'

/** A parser made with the verbatim options and `options`, and the validator. */
export interface XmlLibrary {
  parser: Parser
  validator: typeof Validator
}

let library: { XMLParser: typeof Parser; XMLValidator: typeof Validator } | undefined

/** Make a parser: element order kept, attributes unprefixed, values as written, then `options`. */
export function verbatimXmlParser(options: Partial<X2jOptions>): XmlLibrary {
  library ??= createRequire(import.meta.url)('fast-xml-parser') as {
    XMLParser: typeof Parser
    XMLValidator: typeof Validator
  }
  const parser = new library.XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: false,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    allowBooleanAttributes: false,
    // No reader needs the element path as a string; building it for every node is costly.
    jPath: false,
    ...options,
  })
  return { parser, validator: library.XMLValidator }
}
