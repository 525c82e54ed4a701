/**
 * The private section's page (`private/`): a passphrase form, and the places where
 * `private/unlock.js` shows the bookmarks it decrypted (grouped by folder, as xFolk entries) and
 * their search. The page itself holds nothing of them: what it shows comes from the encrypted file
 * beside it. The form is hidden until the script runs, and its field has no name, so a passphrase
 * can never be sent anywhere as form data.
 */
import type { ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast } from './document.js'

/** `<main>` content of the private section's page. */
export function privatePageToHast(input: {
  crumbs: Array<{ title: string; href: string }>
}): ElementContent[] {
  return [
    breadcrumbsToHast(input.crumbs),
    h('h1', 'Private bookmarks'),
    h(
      'noscript',
      h('p.notice', 'These bookmarks are encrypted; opening them takes the passphrase and JavaScript.'),
    ),
    h('form#private-unlock.private-unlock', { hidden: true }, [
      h('p', [
        h('label', { htmlFor: 'private-passphrase' }, 'Passphrase'),
        ' ',
        h('input#private-passphrase', {
          type: 'password',
          autocomplete: 'current-password',
          required: true,
          spellCheck: 'false',
        }),
      ]),
      h('p', [
        h('input#private-keep', { type: 'checkbox' }),
        ' ',
        h('label', { htmlFor: 'private-keep' }, 'Keep them open in this tab until it is closed'),
      ]),
      h('p', h('button', { type: 'submit' }, 'Open')),
    ]),
    h('p#private-status.private-status', { role: 'status' }),
    h('div#private-contents', { hidden: true }, [
      h('div.private-tools', [
        h('label', { htmlFor: 'private-search' }, 'Search the private bookmarks'),
        ' ',
        h('input#private-search', { type: 'search', autocomplete: 'off', spellCheck: 'false' }),
        ' ',
        h('button#private-lock', { type: 'button' }, 'Lock'),
      ]),
      h('p#private-count'),
      h('ul#private-results.entries', { hidden: true }),
      h('div#private-folders'),
    ]),
  ]
}
