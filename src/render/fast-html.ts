/**
 * A fast path through hast → HTML for the trees bookgen itself builds: HTML elements with known
 * properties, text, and `raw` fragments bookgen serialized earlier. It writes exactly what
 * hast-util-to-html (rehype-stringify) writes with bookgen's settings — same attribute names from
 * property-information, same escapes (text: `&` and `<`; attribute values: NUL, `"`, `&`, `'` and
 * `` ` ``, as uppercase hex references), void elements unclosed — and returns `undefined` for
 * anything outside that subset (SVG, `<template>`, `<script>` or `<style>` with content, comments,
 * comma-separated properties…), so the caller falls back to the library. The tests compare the two
 * on every page of a site built from hostile input.
 *
 * Why: a 100k-bookmark site serializes 100,000 entries and thousands of pages; the general
 * serializer's per-node work (schema lookups, state, entity formatting) dominated the build. Here
 * tag names are checked once per name, and a frozen array value (the constant class lists of an
 * entry) is serialized once and reused.
 */
import type { Element, ElementContent, Nodes, Root } from 'hast'
import { htmlVoidElements } from 'html-void-elements'
import { find, html } from 'property-information'

const VOIDS = new Set(htmlVoidElements)
/** Elements the general serializer treats specially (other schema, template content, raw text). */
const SPECIAL = new Set(['style', 'template', 'svg', 'math'])

interface AttributeInfo {
  /** `undefined`: not handled here. */
  name: string | undefined
  boolean: boolean
  overloadedBoolean: boolean
  spaceSeparated: boolean
}

const infos = new Map<string, AttributeInfo>()

function infoOf(key: string): AttributeInfo {
  let info = infos.get(key)
  if (info === undefined) {
    const found = find(html, key)
    const plain =
      /^[a-z][a-z0-9-]*$/.test(found.attribute) && !found.commaSeparated && !found.commaOrSpaceSeparated
    info = {
      name: plain ? found.attribute : undefined,
      boolean: found.boolean,
      overloadedBoolean: found.overloadedBoolean,
      spaceSeparated: found.spaceSeparated,
    }
    infos.set(key, info)
  }
  return info
}

/** Tag names seen so far: whether this serializer handles them. */
const tagNames = new Map<string, boolean>()

function handlesTag(tagName: string): boolean {
  let handled = tagNames.get(tagName)
  if (handled === undefined) {
    handled = !SPECIAL.has(tagName) && /^[a-z][a-z0-9]*$/.test(tagName)
    tagNames.set(tagName, handled)
  }
  return handled
}

/**
 * ` name="value"` for frozen arrays (which cannot change after they are first serialized), by
 * array and then by property key.
 */
const frozenAttributes = new WeakMap<readonly unknown[], Map<string, string>>()

class Unsupported extends Error {}

/**
 * Parts of the output: text, or UTF-8 bytes of fragments serialized and encoded earlier (a raw
 * node's `chunks`, see `trustedBytesNode` in serialize.ts).
 */
type Parts = Array<string | Uint8Array>

/** HTML for `tree`, or `undefined` when it holds something only the general serializer handles. */
export function fastToHtml(tree: Root | Element): string | undefined {
  const parts = fastToParts(tree)
  if (parts === undefined) return undefined
  // Joined once, the result is one flat string: built by `+=` it would be a tree of pieces, which
  // every later use (a page holding the entry, the UTF-8 encoding) would have to walk again, and
  // which costs the collector dearly in fragments kept for the whole build (every entry).
  return sawBytes ? segmentsToText(parts) : parts.join('')
}

/** Text and UTF-8 chunks (a page's segments, a raw node's chunks) as one string. */
export function segmentsToText(segments: ReadonlyArray<string | Uint8Array>): string {
  return segments.map((segment) => (typeof segment === 'string' ? segment : UTF8.decode(segment))).join('')
}

/**
 * The same HTML as segments, for writing without making one string of it: runs of text joined,
 * and the byte chunks of raw nodes as they are. `undefined` as for `fastToHtml`.
 */
export function fastToSegments(tree: Root | Element): Array<string | Uint8Array> | undefined {
  const parts = fastToParts(tree)
  if (parts === undefined) return undefined
  const segments: Array<string | Uint8Array> = []
  let start = 0
  for (let index = 0; index <= parts.length; index++) {
    if (index < parts.length && typeof parts[index] === 'string') continue
    if (index > start) segments.push((parts.slice(start, index) as string[]).join(''))
    if (index < parts.length) segments.push(parts[index]!)
    start = index + 1
  }
  return segments
}

const UTF8 = new TextDecoder()

/** Whether the last `fastToParts` met byte chunks (the walk is synchronous and never re-entered). */
let sawBytes = false

function fastToParts(tree: Root | Element): Parts | undefined {
  const parts: Parts = []
  sawBytes = false
  try {
    if (tree.type === 'root') writeChildren(tree.children, parts)
    else writeElement(tree, parts)
  } catch (error) {
    if (error instanceof Unsupported) return undefined
    throw error
  }
  return parts
}

function writeChildren(children: ReadonlyArray<Nodes>, parts: Parts): void {
  for (let index = 0; index < children.length; index++) writeNode(children[index]!, parts)
}

function writeNode(node: Nodes, parts: Parts): void {
  switch (node.type) {
    case 'text':
      parts.push(escapeText(node.value))
      return
    case 'raw' as string: {
      const chunks = (node as unknown as { chunks?: readonly Uint8Array[] }).chunks
      if (chunks === undefined) parts.push((node as unknown as { value: string }).value)
      else {
        sawBytes = true
        for (const chunk of chunks) parts.push(chunk)
      }
      return
    }
    case 'element':
      writeElement(node, parts)
      return
    case 'doctype':
      parts.push('<!DOCTYPE html>')
      return
    case 'root':
      writeChildren(node.children, parts)
      return
    default:
      throw new Unsupported()
  }
}

function writeElement(node: Element, parts: Parts): void {
  const tagName = node.tagName
  if ((node.type as string) !== 'element' || !handlesTag(tagName)) throw new Unsupported()
  parts.push(`<${tagName}`)
  const properties = node.properties
  for (const key in properties) {
    const attribute = attributeOf(key, properties[key])
    if (attribute !== '') parts.push(attribute)
  }
  const children: ElementContent[] = node.children
  if (VOIDS.has(tagName)) {
    if (children.length > 0) throw new Unsupported()
    parts.push('>')
    return
  }
  // Text in <script> is not escaped by the general serializer: leave any such script to it.
  if (tagName === 'script' && children.length > 0) throw new Unsupported()
  parts.push('>')
  writeChildren(children, parts)
  parts.push(`</${tagName}>`)
}

/** ` name="value"`, ` name` or nothing, as the general serializer writes the property. */
function attributeOf(key: string, raw: unknown): string {
  if (raw === null || raw === undefined) return ''
  if (Array.isArray(raw) && Object.isFrozen(raw)) {
    let byKey = frozenAttributes.get(raw)
    if (byKey === undefined) {
      byKey = new Map()
      frozenAttributes.set(raw, byKey)
    }
    let attribute = byKey.get(key)
    if (attribute === undefined) {
      attribute = serializeAttribute(key, raw)
      byKey.set(key, attribute)
    }
    return attribute
  }
  return serializeAttribute(key, raw)
}

function serializeAttribute(key: string, raw: unknown): string {
  const info = infoOf(key)
  if (info.name === undefined) throw new Unsupported()
  let value = raw
  if (info.overloadedBoolean && (value === info.name || value === '')) value = true
  else if (
    (info.boolean || info.overloadedBoolean) &&
    (typeof value !== 'string' || value === info.name || value === '')
  ) {
    value = Boolean(value)
  }
  if (value === false || (typeof value === 'number' && Number.isNaN(value))) return ''
  if (value === true) return ` ${info.name}`
  let text: string
  if (typeof value === 'string') text = value
  else if (Array.isArray(value)) {
    if (!info.spaceSeparated && value.length > 1) throw new Unsupported()
    text = value.join(' ')
  } else if (typeof value === 'number') text = String(value)
  else throw new Unsupported()
  return ` ${info.name}="${escapeAttribute(text)}"`
}

const TEXT = /[&<]/
const TEXT_ALL = /[&<]/g
const ATTRIBUTE = /[\0"&'`]/
const ATTRIBUTE_ALL = /[\0"&'`]/g
const reference = (character: string): string => `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`

/** Text escaped as the serializer escapes a text node (`&` and `<`). */
export function escapeText(value: string): string {
  return TEXT.test(value) ? value.replace(TEXT_ALL, reference) : value
}

/** An attribute value escaped as the serializer escapes it (NUL, `"`, `&`, `'` and `` ` ``). */
export function escapeAttribute(value: string): string {
  return ATTRIBUTE.test(value) ? value.replace(ATTRIBUTE_ALL, reference) : value
}
