/**
 * Plain hast nodes for what every page or every entry has: a large site has a hundred thousand
 * entries and tens of thousands of pages, and hastscript's `h` parses its selector, looks up each
 * property's schema and normalizes each child on every call, which was the largest part of
 * rendering a page's shell (breadcrumbs, heading, pagination). These take what `h` would make:
 * properties under their hast names (`className: ['count']`, `ariaCurrent`, `tabIndex: -1`,
 * `rel: ['tag']`), in the order their attributes are written, and text or nodes as children.
 * Pages made once per site (search, changes, links) keep `h`, which reads better.
 */
import type { Element, ElementContent, Properties, Text } from 'hast'

/** A child: a node, or a string for a text node. */
export type Child = ElementContent | string

/** `<tagName …properties>children</tagName>`. */
export function el(
  tagName: string,
  properties: Properties = {},
  children: Child | readonly Child[] = [],
): Element {
  let nodes: ElementContent[]
  if (typeof children === 'string') nodes = [text(children)]
  else if (isChildList(children)) {
    nodes = new Array<ElementContent>(children.length)
    for (let index = 0; index < children.length; index++) {
      const child = children[index]!
      nodes[index] = typeof child === 'string' ? text(child) : child
    }
  } else nodes = [children]
  return { type: 'element', tagName, properties, children: nodes }
}

/** A text node (escaped when serialized). */
export function text(value: string): Text {
  return { type: 'text', value }
}

function isChildList(children: Child | readonly Child[]): children is readonly Child[] {
  return Array.isArray(children)
}
