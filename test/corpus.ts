/**
 * The shared corpus's manifests (`MANIFEST.tsv`: one row a file, with its kind, whether its own
 * project expects it to be read, and the facts its tests assert) and the rule every conformance
 * test applies to a file it cannot read: only a clear BookgenError that names the file, and never
 * for a file its project reads.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import { isBookgenError } from '../src/model/errors.js'
import type { Collection } from '../src/model/tree.js'

export interface ManifestRow {
  /** Path below the manifest's folder. */
  file: string
  kind: string
  /** `yes`, `no` or `unknown`. */
  valid: string
  /** The facts the file's own project asserts, as prose with counts. */
  expected: string
}

/** The rows of `folder/MANIFEST.tsv`, by its header's column names. */
export function readManifest(folder: string): ManifestRow[] {
  const lines = readFileSync(path.join(folder, 'MANIFEST.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
  const header = lines[0]!.split('\t')
  const cell = (cells: string[], name: string) => cells[header.indexOf(name)] ?? ''
  return lines.slice(1).map((line) => {
    const cells = line.split('\t')
    return {
      file: cell(cells, 'file'),
      kind: cell(cells, 'kind'),
      valid: cell(cells, 'valid'),
      expected: cell(cells, 'expected'),
    }
  })
}

/**
 * `read()`'s collection, or undefined when it refused the file, after checking the refusal: a
 * BookgenError (never a crash) that names the file, on a row whose project does not read it either.
 */
export function readOrRefused(row: ManifestRow, read: () => Collection): Collection | undefined {
  try {
    return read()
  } catch (failure) {
    expect(isBookgenError(failure), String(failure)).toBe(true)
    if (isBookgenError(failure)) expect(failure.format()).toContain(row.file)
    expect(row.valid, `valid=${row.valid} file failed: ${String(failure)}`).not.toBe('yes')
    return undefined
  }
}
