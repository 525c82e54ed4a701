/**
 * The character references of the files bookgen writes for other programs (Netscape bookmark HTML,
 * XBEL): named ones for markup (`&amp;`, `&lt;`, `&gt;`, `&quot;`), decimal ones for the line ends
 * and tab an attribute would lose, hexadecimal ones for anything else a writer's pattern takes.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
}

/** The reference that stands for `char`. */
export function reference(char: string): string {
  return ENTITIES[char] ?? `&#x${char.charCodeAt(0).toString(16).toUpperCase()};`
}
