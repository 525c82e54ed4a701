/**
 * The shape of `src/`, checked on every run: the folders are the data flow (formats → model →
 * links, history → publish → pages | site-files → build → dev → cli) and every import points down it; no module
 * imports itself through others (no cycle); no function is longer than 130 lines, and at most two
 * files are longer than 600 (the two readers, whose state machines read best whole).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from './helpers.js'

const SRC = path.join(REPO_ROOT, 'src')
const MAX_FUNCTION_LINES = 130
const MAX_FILE_LINES = 600
const MAX_LONG_FILES = 2

/** What each folder of `src/` may import from the others (the top-level files are the entrances). */
/** The layers below the pages, which any later stage may use. */
const BELOW_PAGES = ['model', 'config', 'formats', 'links', 'history', 'publish', 'render']
const MAY_IMPORT: Record<string, readonly string[]> = {
  model: [],
  config: ['model'],
  formats: ['model'],
  // Link health: the store, its states and the checker (the command is cli/commands/check.ts).
  links: ['model', 'config', 'formats'],
  // The sources' Git history: versions read, matched and dated (its pages are in pages/ and render/).
  history: ['model', 'config', 'formats'],
  render: ['model', 'links', 'history'],
  publish: ['model', 'config', 'links', 'history'],
  pages: [...BELOW_PAGES, 'site-files'],
  'site-files': [...BELOW_PAGES, 'pages'],
  build: [...BELOW_PAGES, 'pages', 'site-files'],
  // The printer of messages, counts and progress, for the commands and the dev server alike.
  report: ['model'],
  // The preview and dev servers.
  server: ['model', 'build'],
  dev: [...BELOW_PAGES, 'pages', 'site-files', 'build', 'report', 'server'],
  cli: [...BELOW_PAGES, 'pages', 'site-files', 'build', 'report', 'server', 'dev'],
}

interface Module {
  file: string
  imports: string[]
  functions: Array<{ name: string; line: number; lines: number }>
  lines: number
}

function readModules(): Module[] {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'))
  return files.map((relative) => {
    const file = path.join(SRC, relative)
    const text = readFileSync(file, 'utf8')
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const imports: string[] = []
    const functions: Module['functions'] = []
    const visit = (node: ts.Node): void => {
      const specifier =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
          ? node.moduleSpecifier
          : undefined
      if (specifier !== undefined && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
        imports.push(path.resolve(path.dirname(file), specifier.text.replace(/\.js$/, '.ts')))
      }
      if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line
        const end = source.getLineAndCharacterOfPosition(node.end).line
        const name = node.name?.getText(source) ?? '(anonymous)'
        functions.push({ name, line: start + 1, lines: end - start + 1 })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
    return { file, imports, functions, lines: text.split('\n').length }
  })
}

/** The folder of `src/` a file is in, `.` for the files at the top. */
function folderOf(file: string): string {
  const relative = path.relative(SRC, file).split(path.sep)
  return relative.length === 1 ? '.' : relative[0]!
}

/** Strongly connected groups of more than one module (Tarjan). */
function cycles(modules: readonly Module[]): string[][] {
  const graph = new Map(modules.map((module) => [module.file, module.imports]))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const connect = (v: string): void => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!index.has(w)) {
        connect(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const group: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      group.push(path.relative(SRC, w))
    } while (w !== v)
    if (group.length > 1) found.push(group)
  }
  for (const v of graph.keys()) if (!index.has(v)) connect(v)
  return found
}

describe('the architecture of src/', () => {
  const modules = readModules()

  it('should have no import cycle', () => {
    expect(modules.length).toBeGreaterThan(50)
    expect(cycles(modules)).toEqual([])
  })

  it('should import only down the data flow', () => {
    // Files at the top that import nothing (`version.ts`) are leaves anyone may use.
    const leaves = new Set(
      modules.filter((m) => folderOf(m.file) === '.' && m.imports.length === 0).map((m) => m.file),
    )
    const wrong: string[] = []
    for (const module of modules) {
      const from = folderOf(module.file)
      const allowed = MAY_IMPORT[from]
      if (allowed === undefined) continue // the entrances at the top may import anything
      for (const target of module.imports) {
        const to = folderOf(target)
        if (leaves.has(target)) continue
        if (to !== from && !allowed.includes(to))
          wrong.push(`${path.relative(SRC, module.file)} → ${path.relative(SRC, target)}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it(`should have no function longer than ${MAX_FUNCTION_LINES} lines`, () => {
    const long = modules.flatMap((module) =>
      module.functions
        .filter((fn) => fn.lines > MAX_FUNCTION_LINES)
        .map((fn) => `${path.relative(SRC, module.file)}:${fn.line} ${fn.name} (${fn.lines} lines)`),
    )
    expect(long).toEqual([])
  })

  it(`should have at most ${MAX_LONG_FILES} files longer than ${MAX_FILE_LINES} lines`, () => {
    const long = modules
      .filter((module) => module.lines > MAX_FILE_LINES)
      .map((module) => path.relative(SRC, module.file))
    expect(long.length, long.join(', ')).toBeLessThanOrEqual(MAX_LONG_FILES)
  })

  it('should catch a cycle and an upward import (the checks can fail)', () => {
    const a = path.join(SRC, 'formats', 'a.ts')
    const b = path.join(SRC, 'build', 'b.ts')
    const fake: Module[] = [
      { file: a, imports: [b], functions: [], lines: 1 },
      { file: b, imports: [a], functions: [], lines: 1 },
    ]
    expect(cycles(fake)).toHaveLength(1)
    expect(MAY_IMPORT[folderOf(a)]).not.toContain(folderOf(b))
  })
})
