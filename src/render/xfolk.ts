/**
 * Bookmark → one xFolk entry, also marked up as a microformats2 `h-entry`:
 *
 * ```html
 * <li class="xfolkentry h-entry m5" data-m="E">
 *   <a class="taggedlink u-bookmark-of p-name" href="https://www.example.org/…">Title</a>
 *   <span class="domain">example.org</span>
 *   <time class="dt-published" datetime="2020-05-04T12:00:00Z">4 May 2020</time>
 *   <p class="description p-summary">…</p>
 *   <ul class="tags" title="Tags"><li><a class="p-category" rel="tag" href="/tags/css/">css</a></li></ul>
 * </li>
 * ```
 *
 * The day shown is in the site's language (`dayFormatter`); `datetime` keeps the instant for machines.
 * The compact form (tag and archive pages, see `EntryForm`) has no description and no tag list, its
 * `<time>` the day alone (`<time class="dt-published" datetime="2020-05-04">4 May 2020</time>`), then
 * the title of the folder it lives in (`<span class="folder">Reading</span>`, a few bytes where a
 * link to its page took a hundred), and its badge
 * is the host's colour alone (`<li class="xfolkentry h-entry m5">`, no `data-m`).
 *
 * A link that `bookgen check` found dead has the class `dead` on its entry, and after its link an
 * `a.archived` link to the Wayback Machine's capture nearest to when it was bookmarked; a link that
 * moved for good has the new address after it (see docs/link-health.md).
 *
 * The icon comes first: the bookmark's own favicon (`img.favicon`) when it has one, else a
 * monogram badge from the host (see `host.ts`), which the stylesheet draws from the entry's `m5`
 * class and `data-m` letter: never a request to another site. It stays
 * outside the link, so the link's text (the microformats `p-name`) is the title alone. A
 * bookmarklet's code is folded in a `<details>`:
 *
 * ```html
 * <li class="xfolkentry h-entry"><span class="taggedlink p-name">Title</span>
 *   <details class="bookmarklet"><summary>Bookmarklet</summary><code>javascript:…</code></details></li>
 * ```
 *
 * Titles, notes and URLs are untrusted: they only ever become text children or known properties,
 * and the serializer escapes them. Only URLs that pass `safeHref` become links; a bookmarklet is
 * shown as code, anything else unsafe as plain text.
 *
 * Entries are built as plain hast objects rather than through hastscript's selector parser: there
 * is one per bookmark, so this is the hot path of a large build.
 */
import type { Element, ElementContent, Properties } from 'hast'
import type { Alias, Bookmark, Folder } from '../model/tree.js'
import { formatW3cDate } from '../model/dates.js'
import type { LinkEntry } from '../links/store-format.js'
import { waybackUrl } from '../links/wayback.js'
import { displayHost, MONOGRAM_HUES, monogramOf } from './host.js'
import { isBookmarklet, safeHref } from '../model/safe-url.js'
import { text } from './hast.js'
import { cleanText } from './text.js'
import type { I18n } from './i18n.js'

export interface EntryContext {
  i18n: I18n
  /** URL of a tag's page. */
  tagUrl(tag: string): string
  /**
   * Reuse a rendered tag link: called with a tag and a function that renders its list item; may
   * return a cached, already serialized copy. Without it each item is rendered every time.
   */
  tagItem?(tag: string, render: () => Element): ElementContent
  /** URL of a stored favicon, if the bookmark has one. */
  iconUrl?(bookmark: Bookmark): string | undefined
  allowFileLinks: boolean
  /** What the link store says of a URL that is dead or redirected (see `SiteLinks`); nothing without a store. */
  linkOf?(url: string): LinkEntry | undefined
  /** The day of an instant as shown (see `dayFormatter`); without it, `YYYY-MM-DD`. */
  formatDay?(time: number): string
  /** The title of the folder a bookmark lives in, which its compact entry shows. */
  folderOf?(bookmark: Bookmark): string | undefined
}

/** A hast element from a tag name, known properties and children. */
function element(tagName: string, properties: Properties, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children }
}

// Frozen, so the serializer writes each class attribute once and reuses it (see fast-html.ts).
// A theme's `entry` hook gets a copy it may change (see plan.ts).
const ENTRY_CLASS = Object.freeze(['xfolkentry', 'h-entry']) as string[]
const DEAD_ENTRY_CLASS = Object.freeze(['xfolkentry', 'h-entry', 'dead']) as string[]
/** An entry's classes with its monogram's hue (`m0`…), alive and dead, by hue. */
const HUED_ENTRY_CLASSES = Array.from({ length: MONOGRAM_HUES }, (_, hue) => [
  Object.freeze(['xfolkentry', 'h-entry', `m${hue}`]) as string[],
  Object.freeze(['xfolkentry', 'h-entry', 'dead', `m${hue}`]) as string[],
])
const ARCHIVED_CLASS = Object.freeze(['archived']) as string[]
const DEAD_BADGE_CLASS = Object.freeze(['badge', 'dead-badge']) as string[]
const MOVED_CLASS = Object.freeze(['moved']) as string[]
const LINK_CLASS = Object.freeze(['taggedlink', 'u-bookmark-of', 'p-name']) as string[]
const NAME_CLASS = Object.freeze(['taggedlink', 'p-name']) as string[]
const DESCRIPTION_CLASS = Object.freeze(['description', 'p-summary']) as string[]
const PUBLISHED_CLASS = Object.freeze(['dt-published']) as string[]
const FAVICON_CLASS = Object.freeze(['favicon']) as string[]
const DOMAIN_CLASS = Object.freeze(['domain']) as string[]
const BOOKMARKLET_CLASS = Object.freeze(['bookmarklet']) as string[]
const TAGS_CLASS = Object.freeze(['tags']) as string[]
const CATEGORY_CLASS = Object.freeze(['p-category']) as string[]
const FOLDER_CLASS = Object.freeze(['folder']) as string[]

/**
 * How much of a bookmark an entry shows: `full` on its folder's page; `compact` on the pages that
 * list it again (its tags' pages, the archive): its link, host and date on one line, without its
 * description and tag list, which its folder's page and the search results show.
 */
export type EntryForm = 'full' | 'compact'

/** Render one bookmark as an xFolk/h-entry list item. */
export function bookmarkToHast(bookmark: Bookmark, context: EntryContext, form: EntryForm = 'full'): Element {
  const entry = entryPartsToHast(entryParts(bookmark, context, form), form, context.formatDay)
  const folder = form === 'compact' ? context.folderOf?.(bookmark) : undefined
  if (folder !== undefined) entry.children.push(...folderToHast(folder))
  return entry
}

/** A space and the title of the folder a compact entry's bookmark lives in. */
export function folderToHast(title: string): ElementContent[] {
  return [text(' '), element('span', { className: FOLDER_CLASS }, [text(title)])]
}

/**
 * An entry in the parts its two forms share or not: a compact entry is its full entry's `<li>` with
 * other properties, the same `head`, the date in its short form, and no `tail` (see
 * `pages/entries.ts`, which makes the compact form from the full one's bytes this way).
 */
export interface EntryParts {
  /** The `<li>`'s classes: one of a few shared, frozen lists (its colour, whether it is dead). */
  className: string[]
  /** Its monogram's letter: the full form's `data-m`. */
  letter: string | undefined
  /** The icon, the link (or name, or bookmarklet code), its host and its link health. */
  head: ElementContent[]
  /** When it was added: the date after the head. */
  added: number | undefined
  /** The full form's description and tag list (empty when made for the compact form). */
  tail: ElementContent[]
}

/** The entry `bookmarkToHast` renders, from its parts. */
export function entryPartsToHast(
  parts: EntryParts,
  form: EntryForm,
  formatDay: (time: number) => string = isoDay,
): Element {
  const children = [...parts.head]
  if (parts.added !== undefined) children.push(...publishedToHast(parts.added, form, formatDay(parts.added)))
  if (form === 'full') children.push(...parts.tail)
  // A compact entry's badge is its host's colour alone (a dot), without the letter.
  const properties: Properties =
    form === 'full' && parts.letter !== undefined
      ? { className: parts.className, dataM: parts.letter }
      : { className: parts.className }
  return element('li', properties, children)
}

/** The parts of a bookmark's entry (its `tail` only when `form` is full). */
export function entryParts(bookmark: Bookmark, context: EntryContext, form: EntryForm = 'full'): EntryParts {
  const { href, title, host, icon, monogram } = entryBasics(bookmark, context)
  const head: ElementContent[] = []
  if (icon !== undefined) {
    head.push(
      element(
        'img',
        { className: FAVICON_CLASS, src: icon, alt: '', width: 16, height: 16, loading: 'lazy' },
        [],
      ),
    )
  }

  let dead = false
  if (href !== undefined) {
    head.push(element('a', { className: LINK_CLASS, href }, [text(title)]))
    if (host !== undefined) head.push(text(' '), element('span', { className: DOMAIN_CLASS }, [text(host)]))
    const link = context.linkOf?.(bookmark.href!)
    if (link !== undefined) dead = linkHealthToHast(bookmark, href, link, head, context)
  } else {
    head.push(element('span', { className: NAME_CLASS }, [text(title)]))
    if (isBookmarklet(bookmark.href)) {
      head.push(
        text(' '),
        element('details', { className: BOOKMARKLET_CLASS }, [
          element('summary', {}, [text(context.i18n.t('entry.bookmarklet'))]),
          element('code', {}, [text(cleanText(bookmark.href ?? ''))]),
        ]),
      )
    } else if (bookmark.href !== undefined && bookmark.href !== '') {
      head.push(text(' '), element('code', { className: ['url'] }, [text(cleanText(bookmark.href))]))
    }
  }
  const tail: ElementContent[] = []
  if (form === 'full') {
    if (bookmark.description !== undefined && bookmark.description !== '')
      tail.push(element('p', { className: DESCRIPTION_CLASS }, [text(cleanText(bookmark.description))]))
    if (bookmark.tags.length > 0) tail.push(tagListToHast(bookmark.tags, context))
  }
  return {
    className: entryClass(monogram, dead),
    letter: monogram?.letter,
    head,
    added: bookmark.added,
    tail,
  }
}

/** What an entry shows first: its link, title, host, icon and monogram. */
function entryBasics(bookmark: Bookmark, context: EntryContext) {
  const href = safeHref(bookmark.href, { allowFile: context.allowFileLinks })
  const title = cleanText(bookmark.title) || cleanText(bookmark.href ?? '') || context.i18n.t('untitled')
  const host = href === undefined ? undefined : displayHost(href)
  const icon = context.iconUrl?.(bookmark)
  // The monogram is drawn by the stylesheet from the entry's hue class and `data-m` (its letter),
  // as generated content with empty alternative text: a few bytes, and nothing a screen reader
  // reads. A compact entry has the hue alone, drawn as a dot.
  const monogram = icon === undefined && host !== undefined ? monogramOf(host) : undefined
  return { href, title, host, icon, monogram }
}

/** An entry's class list (a shared frozen array): its monogram's hue, and whether its link is dead. */
function entryClass(monogram: { hue: number } | undefined, dead: boolean): string[] {
  if (monogram === undefined) return dead ? DEAD_ENTRY_CLASS : ENTRY_CLASS
  return HUED_ENTRY_CLASSES[monogram.hue]![dead ? 1 : 0]!
}

/**
 * A space and `<time class="dt-published">`: `shown`, the day as people read it, and in
 * `datetime` (which HTML and microformats read) the instant in a full entry, the day alone in a
 * compact one (which then depends on the day alone).
 */
export function publishedToHast(added: number, form: EntryForm, shown: string): ElementContent[] {
  const iso = formatW3cDate(added)
  return [
    text(' '),
    element('time', { className: PUBLISHED_CLASS, dateTime: form === 'full' ? iso : iso.slice(0, 10) }, [
      text(shown),
    ]),
  ]
}

/** `YYYY-MM-DD`: the day of an instant in UTC. */
function isoDay(time: number): string {
  return formatW3cDate(time).slice(0, 10)
}

/**
 * After a bookmark's link: for a dead one, a badge and its Wayback Machine link (the capture
 * nearest to `added`, else the latest); for one that moved for good, its new address. Whether the
 * entry is marked dead.
 */
function linkHealthToHast(
  bookmark: Bookmark,
  href: string,
  link: LinkEntry,
  children: ElementContent[],
  { i18n: { t }, formatDay }: Pick<EntryContext, 'i18n' | 'formatDay'>,
): boolean {
  if (link.state === 'dead') {
    const archived = waybackUrl(href, bookmark.added)
    if (archived === undefined) return false
    const date = bookmark.added === undefined ? undefined : (formatDay ?? isoDay)(bookmark.added)
    children.push(
      text(' '),
      element('span', { className: DEAD_BADGE_CLASS }, [text(t('links.deadBadge'))]),
      text(' '),
      element('a', { className: ARCHIVED_CLASS, href: archived }, [
        text(date === undefined ? t('entry.archived') : t('entry.archivedFrom', { day: date })),
      ]),
    )
    return true
  }
  if (link.state === 'redirected' && link.finalUrl !== undefined) {
    const moved = safeHref(link.finalUrl, { allowFile: false })
    if (moved !== undefined && /^https?:/i.test(moved))
      children.push(
        text(' '),
        element('span', { className: MOVED_CLASS }, [
          text('moved to '),
          element('a', { href: moved }, [text(cleanText(link.finalUrl))]),
        ]),
      )
  }
  return false
}

/**
 * The tag links of an entry: rel-tag links to the tag pages, in a list named "Tags" (its title:
 * the name screen readers announce, a few bytes where a hidden "Tags:" label took forty). Each
 * tag's item comes from `context.tagItem` when there is one (a build serializes each tag's link
 * once, not once per entry: most tag lists are unlike any other, but their tags repeat).
 */
export function tagListToHast(
  tags: readonly string[],
  context: Pick<EntryContext, 'i18n' | 'tagUrl' | 'tagItem'>,
): Element {
  return element(
    'ul',
    { className: TAGS_CLASS, title: context.i18n.t('nav.tags') },
    tags.map((tag) => tagItemNode(tag, context)),
  )
}

/** A tag's list item in an entry's tag list: from `context.tagItem` when there is one. */
function tagItemNode(tag: string, context: Pick<EntryContext, 'tagUrl' | 'tagItem'>): ElementContent {
  const item = (): Element =>
    element('li', {}, [
      element('a', { className: CATEGORY_CLASS, rel: ['tag'], href: context.tagUrl(tag) }, [
        text(cleanText(tag)),
      ]),
    ])
  return context.tagItem === undefined ? item() : context.tagItem(tag, item)
}

/** Render an alias: a visibly distinct link to the bookmark or folder it stands for. */
export function aliasToHast(
  alias: Alias,
  target: Bookmark | Folder | undefined,
  targetUrl: string | undefined,
  context: EntryContext,
): Element {
  const { t } = context.i18n
  const mark = element('span', { className: ['alias-mark'], ariaHidden: 'true' }, [text('↪ ')])
  if (target === undefined) {
    return element('li', { className: ['alias', 'alias-dangling'] }, [
      mark,
      text(t('entry.aliasMissing', { ref: cleanText(alias.ref) })),
    ])
  }
  const title =
    cleanText(target.title) ||
    (target.type === 'bookmark' ? cleanText(target.href ?? '') : '') ||
    t('untitled')
  const href =
    target.type === 'bookmark' ? safeHref(target.href, { allowFile: context.allowFileLinks }) : targetUrl
  const label = t(target.type === 'folder' ? 'entry.aliasFolder' : 'entry.alias')
  return element('li', { className: ['alias'] }, [
    mark,
    element('span', { className: ['visually-hidden'] }, [text(label)]),
    href === undefined
      ? element('span', { className: ['alias-link'] }, [text(title)])
      : element('a', { className: ['alias-link'], href }, [text(title)]),
  ])
}
