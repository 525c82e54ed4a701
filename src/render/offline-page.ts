/**
 * The offline page (`offline/`): what the site keeps on this device, and the "Keep the whole
 * collection offline" control, which `assets/offline.js` shows with the collection's size and
 * drives (a progress bar while it fetches every page and search file). The service worker shows
 * this page, with `?from=` naming the page asked for, when a page that was never kept is opened
 * offline; the script then says so at the top.
 */
import type { ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast, clientText } from './document.js'
import type { I18n } from './i18n.js'

/** `<main>` content of the offline page. */
export function offlinePageToHast(input: {
  i18n: I18n
  crumbs: Array<{ title: string; href: string }>
  homeUrl: string
}): ElementContent[] {
  const { t } = input.i18n
  return [
    breadcrumbsToHast(input.i18n, input.crumbs),
    h('h1', t('offline.title')),
    // Filled in by offline.js when the service worker sent a reader here from a page it did not keep.
    h('p#offline-missing.notice', { role: 'alert', hidden: true }),
    h('p', [
      t('offline.intro'),
      h('em', t('offline.install')),
      t('offline.or'),
      h('em', t('offline.addToHome')),
      t('offline.introEnd'),
    ]),
    h('section', { ariaLabelledBy: 'keep-heading' }, [
      h('h2#keep-heading', t('offline.keepHeading')),
      h('p', t('offline.keepText')),
      h('div#keep-offline.keep-offline', { hidden: true }, [
        h('button#keep-start', { type: 'button' }, t('offline.client.keep')),
        h('progress#keep-progress', { max: 1, value: 0, ariaLabel: t('offline.keptSoFar'), hidden: true }),
        h('p#keep-status', { role: 'status' }),
      ]),
      h('p#keep-unavailable', t('offline.unavailable')),
    ]),
    h('p', h('a', { href: input.homeUrl }, t('offline.back'))),
    clientText(input.i18n, 'ui-offline', 'offline.client.'),
  ]
}
