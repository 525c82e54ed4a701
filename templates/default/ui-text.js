// ui-text.js: the words of the site's scripts, in the site's language. The build puts them in the
// page as JSON (`<script type="application/json" id="…">`, from templates/default/i18n/), so they
// cost no request; `{name}` placeholders are filled in, plural forms chosen by `Intl.PluralRules`.

/**
 * The messages in the page's JSON block `id`, as a function of a key and its values.
 * @param {string} id
 * @returns {(key: string, values?: Record<string, string | number>) => string}
 */
export function uiText(id) {
  const messages = JSON.parse(document.getElementById(id)?.textContent || '{}')
  const lang = document.documentElement.lang || 'en'
  const plurals = new Intl.PluralRules(lang)
  return (key, values = {}) => {
    const message = messages[key] ?? key
    const text =
      typeof message === 'string' ? message : (message[plurals.select(Number(values.count))] ?? message.other)
    return text.replace(/\{(\w+)\}/g, (/** @type {string} */ whole, /** @type {string} */ name) => {
      const value = values[name]
      return value === undefined ? whole : typeof value === 'number' ? value.toLocaleString(lang) : value
    })
  }
}
