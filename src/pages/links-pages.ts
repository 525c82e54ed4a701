/**
 * The link report at `links/`, made only for a site with a link store (`bookgen check` has run):
 * the dead and redirected bookmarks by folder, with counts and the date of the check. Pure.
 */
import { isDead } from '../links/classify.js'
import { waybackUrl } from '../links/wayback.js'
import { safeHref } from '../model/safe-url.js'
import { formatW3cDate } from '../model/dates.js'
import type { OutputFile } from '../model/output.js'
import { linkReportToHast, type LinkReportInput, type LinkReportItem } from '../render/links-page.js'
import type { PageContext } from './context.js'
import { trailOf } from './routes.js'

/** Where the report is, below the base. */
export const LINKS_PAGE = 'links/'

export function* linksPages(context: PageContext): Generator<OutputFile> {
  const { t } = context.i18n
  const links = context.input.links
  if (links === undefined) return
  const url = context.urls.path
  const folders: LinkReportInput['folders'] = []
  for (const route of context.routes.folders) {
    const items: LinkReportItem[] = []
    for (const child of route.folder.children) {
      if (child.type !== 'bookmark' || child.href === undefined) continue
      const entry = links.marked.get(child.href)
      if (entry === undefined) continue
      const dead = isDead(entry)
      const href = safeHref(child.href, { allowFile: false })
      if (!dead && entry.finalUrl === undefined) continue
      items.push({
        title: child.title,
        url: child.href,
        entry,
        archived: dead && href !== undefined ? waybackUrl(href, child.added) : undefined,
        added: child.added === undefined ? undefined : formatW3cDate(child.added).slice(0, 10),
      })
    }
    if (items.length === 0) continue
    const trail = trailOf(route)
    const title =
      trail.length === 1
        ? context.input.siteTitle
        : trail
            .slice(1)
            .map((folder) => folder.title || t('untitled'))
            .join(' › ')
    folders.push({ title, href: url(route.path), items })
  }
  const file = context.page(
    { kind: 'links', title: t('nav.links'), path: LINKS_PAGE, pageNumber: 1 },
    t('nav.links'),
    linkReportToHast({
      i18n: context.i18n,
      crumbs: [
        { title: context.input.siteTitle, href: url('') },
        { title: t('nav.links'), href: url(LINKS_PAGE) },
      ],
      counts: links.counts,
      checkedAt: links.checkedAt,
      folders,
    }),
  )
  yield file
}
