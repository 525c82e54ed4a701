import { describe, expect, it } from 'vitest'
import { addOperator, dateRange, foldLabel, operatorFor, parseQuery } from '#search-query'

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000

describe('parseQuery', () => {
  it('should read words as clauses that must all match, the last one as a prefix', () => {
    const query = parseQuery('CSS Grid')
    expect(query.clauses).toEqual([[{ kind: 'word', term: 'css' }], [{ kind: 'word', term: 'grid' }]])
    expect(query.prefix).toBe(true)
    expect(parseQuery('css grid ').prefix).toBe(false)
    expect(parseQuery('the').clauses).toEqual([]) // stop words ask for nothing
  })

  it('should read #tag, -#tag, -word and "phrases"', () => {
    const query = parseQuery('#Music -#old -grid "Café   Culture" -"bad idea"')
    expect(query.clauses).toEqual([
      [{ kind: 'tag', value: 'music', text: 'Music' }],
      [{ kind: 'phrase', terms: ['cafe', 'culture'], text: 'Café   Culture' }],
    ])
    expect(query.exclude).toEqual([
      { kind: 'tag', value: 'old', text: 'old' },
      { kind: 'word', term: 'grid' },
      { kind: 'phrase', terms: ['bad', 'idea'], text: 'bad idea' },
    ])
    expect(query.prefix).toBe(false)
    expect(parseQuery('#"web dev"').clauses).toEqual([[{ kind: 'tag', value: 'web dev', text: 'web dev' }]])
  })

  it('should read site:, folder: and is:', () => {
    expect(parseQuery('site:https://www.GitHub.com/foo').clauses).toEqual([
      [{ kind: 'site', value: 'github.com' }],
    ])
    expect(parseQuery('site:bücher.example:8080').clauses).toEqual([
      [{ kind: 'site', value: 'xn--bcher-kva.example' }],
    ])
    expect(parseQuery('folder:"Web Dev"').clauses).toEqual([
      [{ kind: 'folder', value: 'web dev', text: 'Web Dev' }],
    ])
    expect(parseQuery('is:toread').clauses).toEqual([[{ kind: 'is', value: 'toread' }]])
    const odd = parseQuery('is:shiny')
    expect(odd.clauses).toEqual([])
    expect(odd.notices).toEqual([
      { key: 'notice.flag', values: { value: 'shiny', flags: 'is:toread, is:dead' } },
    ])
  })

  it('should read after: and before: as a range of days', () => {
    const query = parseQuery('after:2020 before:2021-03')
    expect(query.after).toBe(day('2020-01-01'))
    expect(query.before).toBe(day('2021-03-01'))
    expect(parseQuery('after:2020-02-29').after).toBe(day('2020-02-29'))
    expect(dateRange('2021-02-30')).toBeUndefined()
    expect(dateRange('2021-12')).toEqual([day('2021-12-01'), day('2022-01-01')])
    const bad = parseQuery('after:yesterday')
    expect(bad.after).toBeUndefined()
    expect(bad.notices).toEqual([{ key: 'notice.date', values: { name: 'after', value: 'yesterday' } }])
  })

  it('should join the terms on both sides of OR into one clause', () => {
    expect(parseQuery('css OR scss grid').clauses).toEqual([
      [
        { kind: 'word', term: 'css' },
        { kind: 'word', term: 'scss' },
      ],
      [{ kind: 'word', term: 'grid' }],
    ])
    expect(parseQuery('#a OR #b').clauses).toEqual([
      [
        { kind: 'tag', value: 'a', text: 'a' },
        { kind: 'tag', value: 'b', text: 'b' },
      ],
    ])
    expect(parseQuery('or').clauses).toEqual([]) // lower case: a stop word
  })

  it('should search unknown operators as words and say so', () => {
    const query = parseQuery('lang:fr')
    expect(query.clauses).toEqual([[{ kind: 'word', term: 'lang' }], [{ kind: 'word', term: 'fr' }]])
    expect(query.notices).toEqual([{ key: 'notice.operator', values: { name: 'lang' } }])
    expect(parseQuery('10:30').notices).toEqual([])
  })

  it('should never throw, whatever is typed', () => {
    for (const text of ['"', '-', '#', '-#', 'site:', 'OR', 'OR OR', '-"', 'a"b', '#""', 'folder:""'])
      expect(() => parseQuery(text)).not.toThrow()
  })
})

describe('operators for facet links', () => {
  it('should quote values with spaces and add an operator once', () => {
    expect(operatorFor('tag', 'music')).toBe('#music')
    expect(operatorFor('folder', 'Web Dev')).toBe('folder:"Web Dev"')
    expect(operatorFor('site', 'github.com')).toBe('site:github.com')
    expect(operatorFor('year', '2020')).toBe('after:2020 before:2021')
    expect(addOperator('css ', '#music')).toBe('css #music')
    expect(addOperator('css #music', '#music')).toBe('css #music')
    expect(parseQuery(addOperator('css', operatorFor('folder', 'Web Dev'))).clauses).toHaveLength(2)
    // A name with double quotes: the link's query still finds it.
    const quoted = parseQuery(operatorFor('tag', 'the "best" ones')).clauses[0]![0]!
    expect(quoted).toMatchObject({ kind: 'tag', value: foldLabel('the "best" ones') })
  })
})
