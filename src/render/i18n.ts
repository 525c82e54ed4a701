/**
 * The site's UI words in its `lang`: one catalogue per language in `templates/default/i18n/`
 * (data, not code), picked by the primary subtag (`de-AT` → `de`), English the fallback key by key.
 * A build sets its language once (`useLanguage`); the render functions then ask `t` and `tn`.
 */
import { existsSync, readFileSync } from 'node:fs'

/** A message, or its plural forms by `Intl.PluralRules` category (`other` always there). */
type Message = string | Partial<Record<Intl.LDMLPluralRule, string>>
type Catalogue = Readonly<Record<string, Message>>

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

let current = { lang: 'en', messages: catalogue('en'), plurals: new Intl.PluralRules('en') }

/** Use the catalogue of `lang` (BCP 47) for what is rendered next. */
export function useLanguage(lang: string): void {
  if (current.lang === lang) return
  const language = new Intl.Locale(lang).language
  current = {
    lang,
    messages: { ...catalogue('en'), ...catalogue(language) },
    plurals: new Intl.PluralRules(lang),
  }
}

/** What `make` returns when made in `lang` (for files made outside the pages' build), then the language before. */
export function inLanguage<T>(lang: string, make: () => T): T {
  const before = current.lang
  useLanguage(lang)
  try {
    return make()
  } finally {
    useLanguage(before)
  }
}

/** The message `key` with its `{name}` placeholders filled in. */
export function t(key: string, values: Readonly<Record<string, string | number>> = {}): string {
  const message = current.messages[key]
  if (message === undefined) throw new Error(`No UI message "${key}"`)
  const text =
    typeof message === 'string'
      ? message
      : (message[current.plurals.select(Number(values.count))] ?? message.other!)
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name]
    return value === undefined ? whole : typeof value === 'number' ? formatNumber(value) : value
  })
}

/** A number as the current language writes it: `12,345`, `12.345`; `5.5%` with `{ style: 'percent' }`. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(current.lang, options)
}

/** The message `key`, or undefined when the catalogue has none (an optional note). */
export function optional(key: string): string | undefined {
  return key in current.messages ? t(key) : undefined
}

/** `t(key)` with a `{count}`, in the plural form the language uses for it. */
export function tn(
  key: string,
  count: number,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return t(key, { ...values, count })
}

/** The messages whose keys start with `prefix`, keyed by the rest (for a client script, in the page). */
export function messagesOf(prefix: string): Record<string, Message> {
  const found = Object.entries(current.messages).filter(([key]) => key.startsWith(prefix))
  return Object.fromEntries(found.map(([key, message]) => [key.slice(prefix.length), message]))
}

/** `rtl` for a language written right to left (Arabic, Hebrew, Persian, Urdu…), else `ltr`. */
export function directionOf(lang: string): 'ltr' | 'rtl' {
  const locale = new Intl.Locale(lang) as Intl.Locale & { textInfo?: { direction: 'ltr' | 'rtl' } }
  return locale.textInfo?.direction ?? 'ltr'
}

/** An instant's parts in the current language, in UTC: `{ year: 'numeric' }` → `2002`, `2002年`. */
export function formatDate(time: number, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(current.lang, { ...options, timeZone: 'UTC' }).format(time)
}
