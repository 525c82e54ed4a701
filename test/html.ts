/** Test helpers for looking into generated HTML with CSS selectors (htmlparser2 + css-select). */
import { selectAll, selectOne } from 'css-select'
import { getAttributeValue, textContent } from 'domutils'
import type { Element } from 'domhandler'
import { parseDocument } from 'htmlparser2'

/** Query below one element. */
export function within(element: Element): Omit<Page, 'one'> {
  return {
    all: (selector) => selectAll(selector, element),
    text: (selector) => selectAll(selector, element).map((found) => textContent(found)),
    attr: (selector, name) =>
      selectAll(selector, element)
        .map((found) => getAttributeValue(found, name))
        .filter((value): value is string => value !== undefined),
  }
}

export interface Page {
  all(selector: string): Element[]
  one(selector: string): Element | null
  text(selector: string): string[]
  attr(selector: string, name: string): string[]
}

/** Parse HTML once and query it. */
export function page(html: string): Page {
  const document = parseDocument(html)
  const all = (selector: string) => selectAll(selector, document) as unknown as Element[]
  return {
    all,
    one: (selector) => selectOne(selector, document) as unknown as Element | null,
    text: (selector) => all(selector).map((element) => textContent(element)),
    attr: (selector, name) =>
      all(selector)
        .map((element) => getAttributeValue(element, name))
        .filter((value): value is string => value !== undefined),
  }
}

export { getAttributeValue, textContent }
