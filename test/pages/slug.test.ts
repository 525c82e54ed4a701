import { describe, expect, it } from 'vitest'
import { assignSlugs, MAX_SLUG_LENGTH, slugify } from '../../src/pages/slug.js'

describe('slugify', () => {
  it('should fold accents and case, and spell out + # & @', () => {
    expect(slugify('Café Crème')).toBe('cafe-creme')
    expect(slugify('C++')).toBe('c-plus-plus')
    expect(slugify('C#')).toBe('c-sharp')
    expect(slugify('R&D @ work')).toBe('r-and-d-at-work')
  })

  it('should keep letters and digits of every script', () => {
    expect(slugify('日本語の記事')).toBe('日本語の記事')
    expect(slugify('Привет мир 2024')).toBe('привет-мир-2024')
  })

  it('should never produce path syntax, empty or reserved names', () => {
    for (const name of ['..', '.', '/', '../../etc/passwd', 'a/b\\c', '', '   ', '🚀', '%2e%2e']) {
      const slug = slugify(name)
      expect(slug, name).toMatch(/^[\p{L}\p{N}-]+$/u)
      expect(slug).not.toMatch(/^-|-$/)
    }
    expect(slugify('../../etc/passwd')).toBe('etc-passwd')
    expect(slugify('')).toBe('untitled')
    expect(slugify('CON')).toBe('con-page')
    expect(slugify('lpt1')).toBe('lpt1-page')
  })

  it('should cap the length', () => {
    expect([...slugify('word '.repeat(100))].length).toBeLessThanOrEqual(MAX_SLUG_LENGTH)
    expect([...slugify('漢'.repeat(200))].length).toBe(MAX_SLUG_LENGTH)
  })
})

describe('assignSlugs', () => {
  it('should settle collisions by the names themselves, independent of order', () => {
    expect(assignSlugs(['Cafe', 'Café'])).toEqual(['cafe', 'cafe-2'])
    expect(assignSlugs(['Café', 'Cafe'])).toEqual(['cafe-2', 'cafe'])
    expect(assignSlugs(['c++', 'C++', 'C#'])).toEqual(['c-plus-plus-2', 'c-plus-plus', 'c-sharp'])
  })

  it('should keep identical names apart by position, and avoid existing slugs', () => {
    expect(assignSlugs(['Work', 'Work', 'work-2'])).toEqual(['work', 'work-3', 'work-2'])
  })

  it('should never hand out a reserved slug', () => {
    expect(assignSlugs(['Tags', 'Search', 'Other'], new Set(['tags', 'search']))).toEqual([
      'tags-2',
      'search-2',
      'other',
    ])
  })

  it('should stay linear for many colliding names', () => {
    const names = Array.from({ length: 20_000 }, (_, index) => (index % 2 === 0 ? 'Same' : 'same'))
    const slugs = assignSlugs(names)
    expect(new Set(slugs).size).toBe(names.length)
  })
})
