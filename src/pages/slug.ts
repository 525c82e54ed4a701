/**
 * The one way a folder or tag name becomes a URL path segment (and a directory name on disk).
 * Names never become paths directly: a slug uses a safe alphabet (letters and digits of any script,
 * and `-`), is capped in length, avoids names that file systems reserve, and collisions between
 * names that slug alike (`C++`/`c++`, `Café`/`Cafe`) are settled deterministically.
 */

/** Longest slug, in code points (well under the 255-byte file-name limit even for CJK). */
export const MAX_SLUG_LENGTH = 60

/** Names Windows will not create as files or folders, whatever the extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/

const SYMBOLS: ReadonlyArray<[RegExp, string]> = [
  [/\+/g, ' plus '],
  [/#/g, ' sharp '],
  [/&/g, ' and '],
  [/@/g, ' at '],
]

/**
 * Slug for one name: accents folded, lower case, `+ # & @` spelled out, every other run of
 * characters that are not letters or digits turned into one `-`.
 *
 * @example slugify('Café & Bar') // → 'cafe-and-bar'
 * @example slugify('C++') // → 'c-plus-plus'
 */
export function slugify(name: string): string {
  let text = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
  for (const [pattern, word] of SYMBOLS) text = text.replace(pattern, word)
  let slug = text.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '')
  const points = [...slug]
  if (points.length > MAX_SLUG_LENGTH) slug = points.slice(0, MAX_SLUG_LENGTH).join('').replace(/-+$/, '')
  if (slug === '') return 'untitled'
  if (WINDOWS_RESERVED.test(slug)) return `${slug}-page`
  return slug
}

/**
 * Unique slugs for a list of sibling names, in the same order. Names that slug alike are ranked by
 * the name itself (then by position), so the result does not depend on the order of the source:
 * the first keeps the plain slug, the others get `-2`, `-3`, … . `reserved` slugs are never given out.
 *
 * @example assignSlugs(['C#', 'C++', 'c++']) // → ['c-sharp', 'c-plus-plus', 'c-plus-plus-2']
 */
export function assignSlugs(names: readonly string[], reserved: ReadonlySet<string> = new Set()): string[] {
  const bases = names.map(slugify)
  const groups = new Map<string, number[]>()
  bases.forEach((base, index) => {
    const group = groups.get(base)
    if (group === undefined) groups.set(base, [index])
    else group.push(index)
  })
  const taken = new Set<string>([...reserved, ...groups.keys()])
  const result = new Array<string>(names.length)
  for (const [base, indexes] of groups) {
    if (indexes.length > 1) {
      indexes.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : a - b))
    }
    let counter = 1
    indexes.forEach((index, rank) => {
      if (rank === 0 && !reserved.has(base)) {
        result[index] = base
        return
      }
      let candidate: string
      do candidate = `${base}-${++counter}`
      while (taken.has(candidate))
      taken.add(candidate)
      result[index] = candidate
    })
  }
  return result
}
