/**
 * The private section's page (`private/`): a passphrase form, and the places where
 * `private/unlock.js` shows the bookmarks it decrypted (grouped by folder, as xFolk entries) and
 * their search. The page itself holds nothing of them: what it shows comes from the encrypted file
 * beside it. The form is hidden until the script runs, and its field has no name, so a passphrase
 * can never be sent anywhere as form data.
 */
import type { ElementContent } from 'hast'
import { h } from 'hastscript'
import { breadcrumbsToHast, clientText } from './document.js'
import type { I18n } from './i18n.js'

/** `<main>` content of the private section's page. */
export function privatePageToHast(input: {
  i18n: I18n
  crumbs: Array<{ title: string; href: string }>
}): ElementContent[] {
  const { t } = input.i18n
  return [
    breadcrumbsToHast(input.i18n, input.crumbs),
    h('h1', t('private.title')),
    h('noscript', h('p.notice', t('private.noscript'))),
    h('form#private-unlock.private-unlock', { hidden: true }, [
      h('p', [
        h('label', { htmlFor: 'private-passphrase' }, t('private.passphrase')),
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
        h('label', { htmlFor: 'private-keep' }, t('private.keepOpen')),
      ]),
      h('p', h('button', { type: 'submit' }, t('private.open'))),
    ]),
    h('p#private-status.private-status', { role: 'status' }),
    h('div#private-contents', { hidden: true }, [
      h('div.private-tools', [
        h('label', { htmlFor: 'private-search' }, t('private.search')),
        ' ',
        h('input#private-search', { type: 'search', autocomplete: 'off', spellCheck: 'false' }),
        ' ',
        h('button#private-lock', { type: 'button' }, t('private.lock')),
      ]),
      h('p#private-count'),
      h('ul#private-results.entries', { hidden: true }),
      h('div#private-folders'),
    ]),
    clientText(input.i18n, 'ui-private', 'private.client.'),
  ]
}
