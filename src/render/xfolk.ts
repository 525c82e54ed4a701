/**
 * Bookmark → one xFolk entry, also marked up as a microformats2 `h-entry`:
 *
 * ```html
 * <li class="xfolkentry h-entry">
 *   <a class="taggedlink u-bookmark-of p-name" href="https://…">Title</a>
 *   <p class="description p-summary">…</p>
 *   <p class="meta"><time class="dt-published" datetime="2020-05-04T12:00:00Z">2020-05-04</time>
 *     <a rel="tag" class="p-category" href="/tags/css/">css</a></p>
 * </li>
 * ```
 *
 * Titles, notes and URLs are untrusted: they only ever become text children or known properties,
 * and the serializer escapes them. Only URLs that pass `safeHref` become links; a bookmarklet is
 * shown as code, anything else unsafe as plain text.
 */
import type { Element } from 'hast'
import { h } from 'hastscript'
import type { Alias, Bookmark, Folder } from '../model.js'
import { isBookmarklet, safeHref } from './safe-url.js'
import { cleanText } from './text.js'

export interface EntryContext {
  /** URL of a tag's page. */
  tagUrl(tag: string): string
  /** URL of a stored favicon, if the bookmark has one. */
  iconUrl?(bookmark: Bookmark): string | undefined
  allowFileLinks: boolean
}

/** Render one bookmark as an xFolk/h-entry list item. */
export function bookmarkToHast(bookmark: Bookmark, context: EntryContext): Element {
  const href = safeHref(bookmark.href, { allowFile: context.allowFileLinks })
  const title = cleanText(bookmark.title) || cleanText(bookmark.href ?? '') || 'Untitled'
  const children: Array<Element | string> = []
  const icon = context.iconUrl?.(bookmark)
  const iconNode =
    icon === undefined
      ? undefined
      : h('img.favicon', { src: icon, alt: '', width: 16, height: 16, loading: 'lazy' })

  if (href !== undefined) {
    children.push(
      h('a.taggedlink.u-bookmark-of.p-name', { href }, iconNode === undefined ? [title] : [iconNode, title]),
    )
  } else {
    children.push(h('span.taggedlink.p-name', iconNode === undefined ? [title] : [iconNode, title]))
    if (isBookmarklet(bookmark.href)) {
      children.push(
        ' ',
        h('span.badge', 'bookmarklet'),
        h('code.bookmarklet', cleanText(bookmark.href ?? '')),
      )
    } else if (bookmark.href !== undefined && bookmark.href !== '') {
      children.push(' ', h('code.url', cleanText(bookmark.href)))
    }
  }
  if (bookmark.description !== undefined && bookmark.description !== '') {
    children.push(h('p.description.p-summary', cleanText(bookmark.description)))
  }
  const meta: Array<Element | string> = []
  if (bookmark.added !== undefined) {
    const iso = new Date(bookmark.added).toISOString()
    meta.push(h('time.dt-published', { dateTime: iso.replace('.000Z', 'Z') }, iso.slice(0, 10)))
  }
  if (bookmark.tags.length > 0) {
    const tags: Element[] = []
    for (const tag of bookmark.tags) {
      tags.push(h('li', h('a.p-category', { rel: ['tag'], href: context.tagUrl(tag) }, cleanText(tag))))
    }
    meta.push(h('span.visually-hidden', 'Tags:'), h('ul.tags', tags))
  }
  if (meta.length > 0) children.push(h('div.meta', meta))
  return h('li.xfolkentry.h-entry', children)
}

/** Render an alias: a visibly distinct link to the bookmark or folder it stands for. */
export function aliasToHast(
  alias: Alias,
  target: Bookmark | Folder | undefined,
  targetUrl: string | undefined,
  context: EntryContext,
): Element {
  if (target === undefined) {
    return h('li.alias.alias-dangling', [
      h('span.alias-mark', { 'aria-hidden': 'true' }, '↪ '),
      `Alias of a missing entry (${cleanText(alias.ref)})`,
    ])
  }
  const title =
    cleanText(target.title) || (target.type === 'bookmark' ? cleanText(target.href ?? '') : '') || 'Untitled'
  const href =
    target.type === 'bookmark' ? safeHref(target.href, { allowFile: context.allowFileLinks }) : targetUrl
  const label = target.type === 'folder' ? `Alias of folder: ` : 'Alias of: '
  return h('li.alias', [
    h('span.alias-mark', { 'aria-hidden': 'true' }, '↪ '),
    h('span.visually-hidden', label),
    href === undefined ? h('span.alias-link', title) : h('a.alias-link', { href }, title),
  ])
}
