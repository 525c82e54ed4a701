/**
 * The offline page (`offline/`): what the site keeps on this device, and the "Keep the whole
 * collection offline" control, which `assets/offline.js` shows with the collection's size and
 * drives (a progress bar while it fetches every page and search file). The service worker shows
 * this page, with `?from=` naming the page asked for, when a page that was never kept is opened
 * offline; the script then says so at the top.
 */
import type { ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast } from './document.js'

/** `<main>` content of the offline page. */
export function offlinePageToHast(input: {
  crumbs: Array<{ title: string; href: string }>
  homeUrl: string
}): ElementContent[] {
  return [
    breadcrumbsToHast(input.crumbs),
    h('h1', 'Offline reading'),
    // Filled in by offline.js when the service worker sent a reader here from a page it did not keep.
    h('p#offline-missing.notice', { role: 'alert', hidden: true }),
    h('p', [
      'This site keeps what you read on this device: the pages you open, and searches over what ',
      'you searched before, also work without a connection. To open it like an app, install it ',
      'from your browser’s menu (',
      h('em', 'Install'),
      ' or ',
      h('em', 'Add to Home screen'),
      ').',
    ]),
    h('section', { ariaLabelledBy: 'keep-heading' }, [
      h('h2#keep-heading', 'Keep the whole collection'),
      h('p', 'Every page and the whole search index, for reading and searching anywhere.'),
      h('div#keep-offline.keep-offline', { hidden: true }, [
        h('button#keep-start', { type: 'button' }, 'Keep the whole collection offline'),
        h('progress#keep-progress', { max: 1, value: 0, ariaLabel: 'Kept so far', hidden: true }),
        h('p#keep-status', { role: 'status' }),
      ]),
      h('p#keep-unavailable', [
        'Keeping the collection needs JavaScript and a browser with service workers, on the site as ',
        'published (not opened from a file).',
      ]),
    ]),
    h('p', h('a', { href: input.homeUrl }, 'Back to the bookmarks')),
  ]
}
