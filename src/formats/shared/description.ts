/**
 * Descriptions as every reader keeps them: the text as written, its line endings made `\n`, with
 * only what is clearly an exporter's wrapping removed.
 */

/**
 * Descriptions keep their lines as written: indentation and trailing spaces included (Markdown
 * code blocks, nested lists and hard line breaks). Line endings become `\n`; what is clearly an
 * exporter's layout goes: blank lines and spaces around the whole text, and, for text inside
 * markup (`markupIndent`: the indentation of the line the `<DD>` or `<desc>` tag is on), the
 * indentation every line after the tag's shares when it lines up with the markup (the tag's own,
 * or up to two spaces deeper: a hanging indent), as pretty-printed and wrapped exports write it.
 * Text from a value (a JSON string, an attribute) has no layout: `markupIndent` undefined.
 */
export function cleanDescription(text: string, markupIndent?: number): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop()
  // Whether the text starts on a line of its own, after the tag's line.
  let ownLine = false
  while (lines.length > 0 && lines[0]!.trim() === '') {
    lines.shift()
    ownLine = true
  }
  if (lines.length === 0) return ''
  const from = ownLine ? 0 : 1
  let indent = Infinity
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === '') continue
    indent = Math.min(indent, line.length - line.trimStart().length)
  }
  // Markup at the start of its line with the text on the tag's line shows no layout to line up
  // with: an indented continuation there is the author's (a nested list, a code block).
  const wrapped =
    markupIndent !== undefined &&
    (markupIndent > 0 || ownLine) &&
    Number.isFinite(indent) &&
    indent > 0 &&
    indent >= markupIndent &&
    indent <= markupIndent + 2
  const strip = wrapped ? indent : 0
  const last = lines.length - 1
  const body = lines.map((line, i) => {
    let out = i === last ? line.trimEnd() : line
    if (i < from) out = out.trimStart()
    else if (strip > 0) out = out.trim() === '' ? '' : out.slice(strip)
    return out
  })
  return body.join('\n')
}

/** The indentation (spaces and tabs) of the line `offset` is on, in `text`. */
export function lineIndent(text: string, offset: number): number {
  const start = text.lastIndexOf('\n', offset - 1) + 1
  let end = start
  while (end < offset && (text[end] === ' ' || text[end] === '\t')) end++
  return end - start
}
