/**
 * hast → HTML through unified + rehype-stringify (with a verified fast path for bookgen's own
 * trees, see fast-html.ts): the only place markup becomes text. `raw` nodes
 * are allowed for one purpose only: fragments bookgen itself serialized from hast with this same
 * function (an entry rendered once and reused on its folder and tag pages).
 */
import type { Element, ElementContent, Root } from 'hast'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { fastToHtml, fastToSegments, segmentsToText } from './fast-html.js'

const processor = unified().use(rehypeStringify, { allowDangerousHtml: true, upperDoctype: true }).freeze()

/** A fragment of HTML that `serializeHast` produced, for reuse inside another tree. */
export interface TrustedHtml {
  readonly html: string
}

/**
 * Serialize a hast tree (or one element) to HTML: through `fast-html.ts` when the tree is of the
 * kind it handles (it writes the same bytes), otherwise through rehype-stringify.
 */
export function serializeHast(tree: Root | Element): string {
  return fastToHtml(tree) ?? serializeHastReference(tree)
}

/**
 * Serialize a whole page for writing: the same HTML as `serializeHast`, as text segments and the
 * UTF-8 chunks of `trustedBytesNode`s, so the page is never made into one string and encoded again.
 */
export function serializeHastSegments(tree: Root): Array<string | Uint8Array> {
  return fastToSegments(tree) ?? [serializeHastReference(tree)]
}

/** Serialize with rehype-stringify only (the reference the fast path is tested against). */
export function serializeHastReference(tree: Root | Element): string {
  return processor.stringify(tree.type === 'root' ? tree : { type: 'root', children: [tree] })
}

/** Serialize an element once, for reuse with `trustedNode`. */
export function serializeFragment(element: Element): TrustedHtml {
  return { html: serializeHast(element) }
}

/** Serialize sibling elements once, for reuse with `trustedNode`. */
export function serializeFragments(elements: Element[]): TrustedHtml {
  return { html: serializeHast({ type: 'root', children: elements }) }
}

/** A hast node carrying a fragment that `serializeFragment` produced. */
export function trustedNode(fragment: TrustedHtml): ElementContent {
  return { type: 'raw', value: fragment.html } as unknown as ElementContent
}

/**
 * A hast node carrying fragments that `serializeFragment` produced and that were then encoded as
 * UTF-8 (a build keeps its entries that way: each is encoded once, and a page is written from the
 * chunks as they are). Its `value` is the same HTML as text, for any serializer that needs it.
 */
export function trustedBytesNode(chunks: readonly Uint8Array[]): ElementContent {
  return {
    type: 'raw',
    chunks,
    get value(): string {
      return segmentsToText(chunks)
    },
  } as unknown as ElementContent
}
