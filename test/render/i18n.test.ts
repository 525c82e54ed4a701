/**
 * The UI catalogues (templates/default/i18n/): every language has exactly English's keys, no empty
 * message, plural forms its language has (always `other`) and no placeholder English lacks; a site
 * built in German shows none of the English words its catalogue translates, and `dir="rtl"` comes
 * with a right-to-left language. The files made beside the pages (OpenSearch, the search index's
 * folder paths, the service worker, `changes.xml`, the private section) and the search notices speak
 * the site's language too.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseQuery } from '#search-query'
import { build } from '../../src/build/index.js'
import { decryptPrivate, PRIVATE_DATA_PATH } from '../../src/build/private.js'
import { resolveConfig } from '../../src/config/options.js'
import { createRepo } from '../history/git-repo.js'
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

  it('should keep each language to its own site when two build at once', async () => {
    const [de, fr] = await Promise.all([built('de'), built('fr')])
    for (const [out, language] of [
      [de, 'de'],
      [fr, 'fr'],
    ] as const) {
      const words = catalogue(language)
      for (const file of PAGES) {
        const doc = page(html(out, file))
        expect(doc.attr('html', 'lang'), file).toEqual([language])
        expect(doc.text('.search-form button'), file).toEqual([words['search.button']])
      }
      expect(page(html(out, 'folders/index.html')).text('h1')).toEqual([words.folders])
    }
  })
})

describe('the words of the files beside the pages', () => {
  const german = catalogue('de')
  const PASSPHRASE_ENV = 'BOOKGEN_I18N_TEST_PASSPHRASE'
  /** A catalogue message (its `other` form) with its placeholders filled in. */
  const fill = (message: Message | undefined, values: Record<string, string> = {}): string =>
    (typeof message === 'string' ? message : message!.other!).replace(
      /\{(\w+)\}/g,
      (_, name: string) => values[name]!,
    )
  const exported = (extra: string[]) =>
    [
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<DL><p>',
      '    <DT><H3></H3>',
      '    <DL><p>',
      '        <DT><A HREF="https://brot.example.org/" ADD_DATE="1612137600">Brot</A>',
      '        <DT><A HREF="https://tagebuch.example.org/" TAGS="geheim">Tagebuch</A>',
      ...extra,
      '    </DL><p>',
      '</DL><p>',
      '',
    ].join('\n')

  it('should speak German in a German site: OpenSearch, untitled folders, sw.js, changes.xml, private section', async () => {
    const repo = createRepo()
    process.env[PASSPHRASE_ENV] = 'Sesam öffne dich'
    try {
      repo.commit({ 'bookmarks.html': exported([]) }, '2021-04-01T08:00:00Z', 'erste Sammlung')
      const cake = '        <DT><A HREF="https://kuchen.example.org/" ADD_DATE="1612224000">Kuchen</A>'
      repo.commit({ 'bookmarks.html': exported([cake]) }, '2021-04-02T08:00:00Z', 'Kuchen')
      const out = path.join(repo.dir, 'site')
      const config = resolveConfig(
        {
          lang: 'de',
          title: 'Sammlung',
          site: 'https://me.example/',
          offline: true,
          private: { include: { tags: ['geheim'] }, passphraseEnv: PASSPHRASE_ENV },
        },
        { sources: ['bookmarks.html'], outDir: out },
        { cwd: repo.dir },
      )
      await build(config)
      const read = (file: string) => readFileSync(path.join(out, file), 'utf8')

      expect(read('opensearch.xml')).toContain(
        `<Description>${fill(german['opensearch.description'], { title: 'Sammlung' })}</Description>`,
      )
      // The untitled folder's path in the search index's results (the top level's is empty).
      const [indexDir] = readdirSync(path.join(out, 'assets/search')).filter(
        (name) => !name.endsWith('.json'),
      )
      const chunk = JSON.parse(read(`assets/search/${indexDir}/d0.json`)) as { folders: string[][] }
      expect(chunk.folders.map((folder) => folder[0])).toEqual(['', fill(german.untitled)])
      expect(read('sw.js')).toContain(`"offline":${JSON.stringify(german['offline.worker'])}`)

      const feed = read('changes.xml')
      expect(feed).toContain(`<title>${fill(german['changes.feedTitle'], { title: 'Sammlung' })}</title>`)
      expect(feed).toContain(`<title>${fill(german['changes.countAdded'], { count: '1' })}: Kuchen</title>`)
      expect(feed).toContain(`${fill(german['changes.added'])}:\n- Kuchen`)

      const locked = readFileSync(path.join(out, PRIVATE_DATA_PATH))
      const payload = await decryptPrivate(locked, process.env[PASSPHRASE_ENV])
      expect(payload.folders.map((folder) => folder.path)).toEqual([fill(german.untitled)])
    } finally {
      delete process.env[PASSPHRASE_ENV]
      repo.remove()
    }
  }, 60_000)

  it('should give the search page the German words of every notice the query language has', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'bookgen-i18n-notices-'))
    try {
      await build(
        resolveConfig(
          { lang: 'de' },
          { sources: ['test/fixtures/i18n/bookmarks.html'], outDir: out },
          { cwd: REPO_ROOT },
        ),
      )
      const block = page(readFileSync(path.join(out, 'search/index.html'), 'utf8')).text('script#ui-search')
      const words = JSON.parse(block[0]!) as Record<string, Message>
      const notices = ['lang:fr', 'is:shiny', 'after:gestern', '-before:2020'].flatMap(
        (query) => parseQuery(query).notices,
      )
      expect(notices.map((notice) => notice.key)).toEqual([
        'notice.operator',
        'notice.flag',
        'notice.date',
        'notice.negated',
      ])
      for (const { key } of [...notices, { key: 'notice.unpublished' }]) {
        expect(words[key], key).toEqual(german[`search.client.${key}`])
        expect(words[key], key).not.toEqual(english[`search.client.${key}`])
      }
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })
})
