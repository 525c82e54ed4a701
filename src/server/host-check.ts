/**
 * Which `Host` headers the preview and dev servers answer, against DNS rebinding: a page on
 * another origin whose name is made to resolve to 127.0.0.1 reaches a local server, but with its
 * own name in `Host`. As Vite's `server.allowedHosts` does, IP addresses, `localhost` and
 * `*.localhost` are always answered (a rebinding attack needs a DNS name), and so are the names
 * given (the `--host` value, this machine's name); a given name starting with `.` also allows its
 * subdomains.
 */
import { isIP } from 'node:net'

/** The host name of a `Host` header (lower case; IPv6 without its brackets), or undefined if malformed. */
export function hostnameOf(header: string): string | undefined {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::\d*)?$/.exec(header.trim())
  if (match === null) return undefined
  if (match[1] !== undefined) return isIP(match[1]) === 6 ? match[1].toLowerCase() : undefined
  return match[2]!.toLowerCase()
}

/** A test of `Host` headers: true for those to answer. A missing header is refused. */
export function createHostCheck(names: Iterable<string>): (header: string | undefined) => boolean {
  const exact = new Set<string>()
  const suffixes: string[] = []
  for (const name of names) {
    const lower = name.toLowerCase().replace(/^\[(.*)\]$/, '$1')
    if (lower.startsWith('.')) suffixes.push(lower)
    else if (lower !== '') exact.add(lower)
  }
  return (header) => {
    const hostname = header === undefined ? undefined : hostnameOf(header)
    if (hostname === undefined) return false
    return (
      isIP(hostname) !== 0 ||
      hostname === 'localhost' ||
      hostname.endsWith('.localhost') ||
      exact.has(hostname) ||
      suffixes.some((suffix) => hostname === suffix.slice(1) || hostname.endsWith(suffix))
    )
  }
}
