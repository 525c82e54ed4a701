/** The checks of the `links` option, and of `bookgen check`'s flags that set the same limits. */
import { parseDuration } from './duration.js'

/**
 * What is wrong with a rate (requests per second, above 0) or a count of requests at once (a
 * whole number, 1 or more) given as `name`; undefined when it is fine. Shared by the config's
 * `links` and `bookgen check`'s flags.
 */
export function linkLimitProblem(kind: 'rate' | 'perHost', value: unknown, name: string): string | undefined {
  if (kind === 'rate')
    return typeof value === 'number' && value > 0
      ? undefined
      : `${name} must be a number of requests per second above 0, such as 1 or 0.5`
  return Number.isInteger(value) && (value as number) >= 1
    ? undefined
    : `${name} must be a whole number, 1 or more`
}

/** Check the `links` config value; a message naming what is wrong, or undefined when it is fine. */
export function checkLinksOptions(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '"links" must be an object'
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined) continue
    const key = `"links.${name}"`
    switch (name) {
      case 'store':
        if (typeof item !== 'string') return `${key} must be a string`
        break
      case 'maxTime':
      case 'maxLinkTime':
        if (typeof item !== 'string' || !isDuration(item))
          return `${key} must be a duration such as '30s', '30m' or '1h' (or '0' for no limit)`
        break
      case 'rate':
      case 'perHost': {
        const problem = linkLimitProblem(name, item, key)
        if (problem !== undefined) return problem
        break
      }
      default:
        return `Unknown option "links.${name}"; known: store, maxTime, maxLinkTime, rate, perHost`
    }
  }
  return undefined
}

function isDuration(text: string): boolean {
  try {
    parseDuration(text)
    return true
  } catch {
    return false
  }
}
