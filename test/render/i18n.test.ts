/**
 * The UI catalogues (templates/default/i18n/): every language has exactly English's keys, no empty
 * message, plural forms its language has (always `other`) and no placeholder English lacks; a site
 * built in German shows none of the English words its catalogue translates, and `dir="rtl"` comes
 * with a right-to-left language.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { resolveConfig } from '../../src/config/options.js'
import { REPO_ROOT } from '../helpers.js'
import { page } from '../html.js'

type Message = string | Record<string, string>
const DIR = path.join(REPO_ROOT, 'templates', 'default', 'i18n')
const catalogue = (language: string): Record<string, Message> =>
  JSON.parse(readFileSync(path.join(DIR, `${language}.json`), 'utf8')) as Record<string, Message>
const languages = readdirSync(DIR).map((file) => path.basename(file, '.json'))
const english = catalogue('en')
const forms = (message: Message): string[] =>
  typeof message === 'string' ? [message] : Object.values(message)
const placeholders = (message: Message): Set<string> =>
  new Set(forms(message).flatMap((text) => text.match(/\{\w+\}/g) ?? []))

describe('the UI catalogues', () => {
  it('should include the languages the README lists', () => {
    expect(languages).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es', 'ja', 'zh', 'ar', 'he']))
  })

  it.each(languages)('%s should have exactly the English keys, each message filled in', (language) => {
    const messages = catalogue(language)
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort())
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[]
    for (const [key, message] of Object.entries(messages)) {
      expect(typeof message, key).toBe(typeof english[key])
      for (const text of forms(message)) expect(text.trim(), key).not.toBe('')
      if (typeof message !== 'string') {
        expect(Object.keys(message), key).toContain('other')
        for (const category of Object.keys(message))
          expect(categories, `${key}: ${category}`).toContain(category)
      }
      // `{count}` may be written out ("one bookmark"); any other value has to be shown.
      const own = placeholders(message)
      for (const name of placeholders(english[key]!)) if (name !== '{count}') expect(own, key).toContain(name)
      for (const name of own) expect(placeholders(english[key]!), key).toContain(name)
    }
  })
})

describe('a site built in another language', () => {
  let dir: string
  const built = async (lang: string): Promise<string> => {
    const out = path.join(dir, lang)
    const config = resolveConfig(
      { lang, pageSize: 2, title: 'Sammlung' },
      { sources: ['test/fixtures/i18n/bookmarks.html'], outDir: out },
      { cwd: REPO_ROOT },
    )
    await build(config)
    return out
  }
  const html = (out: string, file: string) => readFileSync(path.join(out, file), 'utf8')
  const PAGES = [
    'index.html',
    'kuche/index.html',
    'kuche/brot/page/2/index.html',
    'folders/index.html',
    'tags/index.html',
    'tags/kochen/index.html',
    'archive/index.html',
    'archive/2021/index.html',
    'archive/undated/index.html',
    'search/index.html',
    'stats/index.html',
    '404.html',
  ]

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-i18n-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('should show none of the English words the German catalogue translates (de-AT → de)', async () => {
    const out = await built('de-AT')
    const german = catalogue('de')
    // The literal parts of each English message German says otherwise (placeholders cut out).
    const english_words = Object.entries(english)
      .filter(([key, message]) => JSON.stringify(message) !== JSON.stringify(german[key]))
      .flatMap(([, message]) => forms(message))
      .flatMap((text) => text.split(/\{\w+\}/))
      .map((part) => part.trim())
      .filter((part) => /\p{L}{3}/u.test(part))
    expect(english_words.length).toBeGreaterThan(150)
    for (const file of PAGES) {
      const text = html(out, file)
      const doc = page(text)
      expect(doc.attr('html', 'lang'), file).toEqual(['de-AT'])
      expect(doc.attr('html', 'dir'), file).toEqual([])
      // What a reader sees or hears: the text (not the scripts' JSON, which is checked below), and
      // the labels and tooltips.
      const seen = page(text.replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/g, ''))
      const shown = [
        ...seen.text('body'),
        ...['aria-label', 'title', 'placeholder'].flatMap((name) => seen.attr(`[${name}]`, name)),
      ]
        .join('\n')
        // The query operators (`folder:recipes`, `-site:…`, `-#tag`) are syntax, the same in every language.
        .replace(/-?(\b(site|folder|is|after|before):|#)[^\s,;]*/g, '')
      const words = JSON.parse(doc.text('script#ui-text')[0]!) as Record<string, Message>
      expect(words, file).toEqual(
        Object.fromEntries(
          Object.entries(german)
            .filter(([key]) => key.startsWith('client.'))
            .map(([key, message]) => [key.slice('client.'.length), message]),
        ),
      )
      for (const part of english_words) {
        const pattern = new RegExp(`(?<!\\p{L})${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u')
        expect(pattern.test(shown), `${file}: "${part}"`).toBe(false)
      }
    }
  })

  it('should write a right-to-left language right to left, in its own words', async () => {
    const out = await built('ar')
    const arabic = catalogue('ar')
    for (const file of PAGES) {
      const doc = page(html(out, file))
      expect(doc.attr('html', 'dir'), file).toEqual(['rtl'])
      expect(doc.attr('#search-q', 'placeholder'), file).toEqual([arabic['search.box']])
    }
    const japanese = page(html(await built('ja'), 'archive/index.html'))
    // Years and months as the language writes them.
    expect(japanese.text('.archive-year')).toEqual(['2021年', '2002年'])
    expect(japanese.text('.archive-months li')).toEqual(['2月 4', '7月 1', '2月 2'])
  })
})
