/**
 * The normalized tree as plain JSON, for `bookgen inspect --json`: how parsers are tested and how
 * users debug an import. Field names are a stable interface. Dates are ISO 8601 UTC strings, absent
 * fields are left out, children keep document order.
 */
import { countNodes, type Collection, type Metadata, type Node, type Place, type Stats } from './tree.js'
import type { Message } from './message.js'

export interface InspectJson {
  format: string
  encoding: string
  title: string
  version?: string
  root: JsonObject
  stats: Stats
  warnings: Message[]
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }
type JsonObject = { [key: string]: JsonValue }

/** Fields written first, in this order; every other field follows in model order. */
const LEADING = ['type', 'title', 'href', 'ref', 'description', 'tags']
const DATES = new Set(['added', 'modified', 'visited'])

/** Turn a parsed collection into the `inspect --json` document. */
export function collectionToJson(collection: Collection): InspectJson {
  return {
    format: collection.format,
    encoding: collection.encoding,
    title: collection.title,
    ...(collection.version === undefined ? {} : { version: collection.version }),
    root: nodeToJson(collection.root),
    stats: countNodes(collection.root),
    warnings: collection.warnings,
  }
}

/** One node (and, for folders, its subtree) as JSON. */
export function nodeToJson(node: Node): JsonObject {
  const source = node as unknown as Record<string, unknown>
  const out: JsonObject = {}
  for (const key of LEADING) {
    if (source[key] !== undefined) out[key] = convert(key, source[key])
  }
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined || LEADING.includes(key) || key === 'children' || key === 'place') continue
    out[key] = convert(key, value)
  }
  if (node.place !== undefined) out['place'] = placeToJson(node.place)
  if (node.type === 'folder') out['children'] = node.children.map(nodeToJson)
  return out
}

function convert(key: string, value: unknown): JsonValue {
  if (DATES.has(key) && typeof value === 'number') return new Date(value).toISOString()
  if (key === 'applications' && Array.isArray(value)) {
    return value.map((application: Record<string, unknown>) => {
      const out: JsonObject = {}
      for (const [name, field] of Object.entries(application)) {
        if (field === undefined) continue
        out[name] =
          name === 'modified' || name === 'timestamp'
            ? new Date(field as number).toISOString()
            : (field as JsonValue)
      }
      return out
    })
  }
  if (key === 'info' && Array.isArray(value))
    return value.map((metadata: Metadata) => ({ ...metadata }) as unknown as JsonValue)
  if (key === 'attributes' && typeof value === 'object' && value !== null)
    return { ...(value as Record<string, string>) }
  return value as JsonValue
}

function placeToJson(place: Place): JsonObject {
  return { line: place.line, column: place.column }
}
