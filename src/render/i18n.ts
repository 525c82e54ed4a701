/**
 * The site's UI words in its `lang`: one catalogue per language in `templates/default/i18n/`
 * (data, not code), picked by the primary subtag (`de-AT` → `de`), English the fallback key by key.
 * A build makes one `I18n` from its `lang` and hands it to what it renders, so that builds in
 * other languages (watch mode, tests, the API) never share it.
 */
import { existsSync, readFileSync } from 'node:fs'

/** A message, or its plural forms by `Intl.PluralRules` category (`other` always there). */
type Message = string | Partial<Record<Intl.LDMLPluralRule, string>>
type Catalogue = Readonly<Record<string, Message>>
type Values = Readonly<Record<string, string | number>>

/** The words and number and date formats of one language. */
export interface I18n {
  readonly lang: string
  /** The message `key` with its `{name}` placeholders filled in. */
  t(key: string, values?: Values): string
  /** `t(key)` with a `{count}`, in the plural form the language uses for it. */
  tn(key: string, count: number, values?: Values): string
  /** The message `key`, or undefined when the catalogue has none (an optional note). */
  optional(key: string): string | undefined
  /** The messages whose keys start with `prefix`, keyed by the rest (for a client script, in the page). */
  messagesOf(prefix: string): Record<string, Message>
  /** A number as the language writes it: `12,345`, `12.345`; `5.5%` with `{ style: 'percent' }`. */
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string
  /** An instant's parts in the language, in UTC: `{ year: 'numeric' }` → `2002`, `2002年`. */
  formatDate(time: number, options: Intl.DateTimeFormatOptions): string
}

const CATALOGUES = new URL('../../templates/default/i18n/', import.meta.url)
const read = new Map<string, Catalogue>()

function catalogue(language: string): Catalogue {
  let found = read.get(language)
  if (found === undefined) {
    const file = new URL(`${language}.json`, CATALOGUES)
    found = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalogue) : {}
    read.set(language, found)
  }
  return found
}

/** The UI words of `lang` (BCP 47). */
export function i18nOf(lang: string): I18n {
  const messages: Catalogue = { ...catalogue('en'), ...catalogue(new Intl.Locale(lang).language) }
  const plurals = new Intl.PluralRules(lang)
  const formatNumber = (value: number, options?: Intl.NumberFormatOptions) =>
    value.toLocaleString(lang, options)
  const t = (key: string, values: Values = {}): string => {
    const message = messages[key]
    if (message === undefined) throw new Error(`No UI message "${key}"`)
    const text =
      typeof message === 'string'
        ? message
        : (message[plurals.select(Number(values.count))] ?? message.other!)
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name]
      return value === undefined ? whole : typeof value === 'number' ? formatNumber(value) : value
    })
  }
  return {
    lang,
    t,
    tn: (key, count, values = {}) => t(key, { ...values, count }),
    optional: (key) => (key in messages ? t(key) : undefined),
    messagesOf(prefix) {
      const found = Object.entries(messages).filter(([key]) => key.startsWith(prefix))
      return Object.fromEntries(found.map(([key, message]) => [key.slice(prefix.length), message]))
    },
    formatNumber,
    formatDate: (time, options) =>
      new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' }).format(time),
  }
}

/** `rtl` for a language written right to left (Arabic, Hebrew, Persian, Urdu…), else `ltr`. */
export function directionOf(lang: string): 'ltr' | 'rtl' {
  const locale = new Intl.Locale(lang) as Intl.Locale & { textInfo?: { direction: 'ltr' | 'rtl' } }
  return locale.textInfo?.direction ?? 'ltr'
}
