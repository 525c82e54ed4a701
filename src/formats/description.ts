/**
 * Descriptions as every reader keeps them: the text as written, its line endings made `\n`, with
 * only what is clearly an exporter's wrapping removed.
 */

/**
 * Descriptions keep their lines; line endings become `\n`, surrounding blank space goes, and the
 * indentation shared by continuation lines (wrapped exports) is removed.
 */
export function cleanDescription(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop()
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift()
  if (lines.length === 0) return ''
  let indent = Infinity
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === '') continue
    indent = Math.min(indent, line.length - line.trimStart().length)
  }
  const body = lines.map((line, i) => {
    const trimmedEnd = line.trimEnd()
    return i === 0 ? trimmedEnd.trimStart() : Number.isFinite(indent) ? trimmedEnd.slice(indent) : trimmedEnd
  })
  return body.join('\n')
}
