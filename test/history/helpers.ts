/** Helpers of the history tests: the CLI with captured output, folder snapshots, an Atom check. */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { atomProblems } from '../atom.js'
import { expect } from 'vitest'
import { runCli } from '../../src/cli/index.js'

export async function cli(
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    cwd,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  })
  return { code, stdout, stderr }
}

/** Every file of a folder, path → sha256. */
export function snapshot(dir: string): Record<string, string> {
  const result: Record<string, string> = {}
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name)
      if (statSync(full).isDirectory()) walk(full)
      else result[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex')
    }
  }
  walk(dir)
  return result
}

/** Checks the Atom 1.0 requirements (RFC 4287 §4.1): feed id, title, updated; entries with id, title, updated, link. */
export function assertAtom(text: string): void {
  expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true)
  expect(atomProblems(text)).toEqual([])
  expect(text).toContain('<entry>')
}
