/**
 * The README's "What bookgen reads" lists every format of the registry, by its label (the table
 * is written by hand from the entries' `label` and `where`).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FORMATS } from '../../src/formats/registry.js'
import { REPO_ROOT } from '../helpers.js'

/** The text of the README's `## What bookgen reads` section. */
function readsSection(): string {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')
  const start = readme.indexOf('\n## What bookgen reads\n')
  expect(start, 'the README has a "What bookgen reads" section').toBeGreaterThan(-1)
  const end = readme.indexOf('\n## ', start + 1)
  return readme.slice(start, end === -1 ? undefined : end)
}

describe('README: what bookgen reads', () => {
  const section = readsSection()
  for (const entry of FORMATS) {
    it(`should list ${entry.name} by its label`, () => {
      // A row whose first cell is the label (Prettier pads the cells).
      const cells = section.split('\n').map((line) => line.split('|')[1]?.trim())
      expect(cells).toContain(entry.label)
    })
  }
})
