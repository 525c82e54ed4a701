/**
 * The shape of `src/`, checked on every run: the folders are the data flow (model → config →
 * formats → links, history → render, publish → pages → site-files → build → report, server → dev →
 * cli) and every import points down it; no module imports itself through others, and no two folders import each other; the only file
 * at the top of `src/` is the package's entry; the shared format helpers use no format; no function
 * is longer than 100 lines, and at most two files are longer than 600 (the two readers, whose state
 * machines read best whole). The thresholds docs/architecture.md names are the code's. The tests
 * sit in the folders of `src/`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from './helpers.js'

const SRC = path.join(REPO_ROOT, 'src')
const MAX_FUNCTION_LINES = 100
const MAX_FILE_LINES = 600
const MAX_LONG_FILES = 2

/** The layers below the pages, which any later stage may use. */
const BELOW_PAGES = ['model', 'config', 'formats', 'links', 'history', 'publish', 'render']
/** What each folder of `src/` may import from the others (`index.ts` at the top is the entrance). */
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
  pages: [...BELOW_PAGES],
  'site-files': [...BELOW_PAGES, 'pages'],
  build: [...BELOW_PAGES, 'pages', 'site-files'],
  // The printer of messages, counts and progress, for the commands and the dev server alike (and
  // which of publish's notes a build to look at locally leaves out).
  report: ['model'],
  // The preview and dev servers.
  server: ['model', 'config', 'build'],
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
      const specifier = moduleSpecifier(node)
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

/** What an `import`, `export … from` or `import()` names. */
function moduleSpecifier(node: ts.Node): ts.Expression | undefined {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return node.moduleSpecifier
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
    return node.arguments[0]
  return undefined
}

/** The folder of `src/` a file is in, `.` for the files at the top. */
function folderOf(file: string): string {
  const relative = path.relative(SRC, file).split(path.sep)
  return relative.length === 1 ? '.' : relative[0]!
}

/** Strongly connected groups of more than one node (Tarjan), each as the nodes' names. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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
      group.push(w)
    } while (w !== v)
    if (group.length > 1) found.push(group.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) connect(v)
  return found
}

/** Which files each module imports. */
function fileGraph(modules: readonly Module[]): Map<string, string[]> {
  return new Map(
    modules.map((module) => [
      path.relative(SRC, module.file),
      module.imports.map((i) => path.relative(SRC, i)),
    ]),
  )
}

/** Which other folders of `src/` each folder imports from. */
function folderGraph(modules: readonly Module[]): Map<string, string[]> {
  const graph = new Map<string, Set<string>>()
  for (const module of modules) {
    const from = folderOf(module.file)
    const targets = graph.get(from) ?? new Set<string>()
    graph.set(from, targets)
    for (const target of module.imports) if (folderOf(target) !== from) targets.add(folderOf(target))
  }
  return new Map([...graph].map(([folder, targets]) => [folder, [...targets]]))
}

/** The files at the top of `src/` the package itself names: its entries (`exports`, `bin`). */
function packageEntries(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | Record<string, string>>
    bin: Record<string, string>
  }
  const targets = Object.values(manifest.exports).flatMap((target) =>
    typeof target === 'string' ? [target] : Object.values(target),
  )
  const entries = new Set<string>()
  for (const target of [...targets, ...Object.values(manifest.bin)]) {
    const match = /^\.\/dist\/([^/]+)\.(?:d\.ts|js)$/.exec(target)
    if (match) entries.add(`${match[1]}.ts`)
  }
  return entries
}

const ARCHITECTURE_DOC = path.join(REPO_ROOT, 'docs', 'architecture.md')
/** A constant that holds a threshold, by its name: a size, a count, a limit. */
const THRESHOLD_NAME = /^(?:MAX|MIN)_|_(?:BYTES|FROM|LINES|FILES|LIMIT|SIZE|THRESHOLD)$/
/** What the units a document gives a figure in stand for. */
const UNITS: Record<string, number> = { KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 }

/** A threshold the document names: its figure as written, the constant and the file holding it. */
interface NamedThreshold {
  figure: string
  name: string
  file: string
}

/** The rows of the document's table of thresholds: `| what | figure | `NAME` in `file` |`. */
function namedThresholds(doc: string): NamedThreshold[] {
  const section = /^## Thresholds\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(doc)?.[1] ?? ''
  const rows: NamedThreshold[] = []
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const where = /^`([A-Z][A-Z0-9_]*)` in `([^`]+)`$/.exec(cells[3] ?? '')
    if (where) rows.push({ figure: cells[2]!, name: where[1]!, file: where[2]! })
  }
  return rows
}

/** `3 MiB`, `500,000 bookmarks`, `100 lines`: the number a figure stands for. */
function figureValue(figure: string): number | undefined {
  const match = /^(\d[\d,]*(?:\.\d+)?)\s*([A-Za-z]+)?/.exec(figure)
  if (!match) return undefined
  return Number(match[1]!.replaceAll(',', '')) * (UNITS[match[2] ?? ''] ?? 1)
}

/** The value of the constant `name` declared in `file`, a number or arithmetic on numbers. */
function constantValue(file: string, name: string): number | undefined {
  const text = readFileSync(path.join(REPO_ROOT, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  let value: number | undefined
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === name && node.initializer)
      value = evaluate(node.initializer)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return value
}

function evaluate(node: ts.Expression): number {
  if (ts.isNumericLiteral(node)) return Number(node.text)
  if (ts.isParenthesizedExpression(node)) return evaluate(node.expression)
  if (ts.isBinaryExpression(node)) {
    const [left, right] = [evaluate(node.left), evaluate(node.right)]
    switch (node.operatorToken.kind) {
      case ts.SyntaxKind.AsteriskToken:
        return left * right
      case ts.SyntaxKind.AsteriskAsteriskToken:
        return left ** right
      case ts.SyntaxKind.PlusToken:
        return left + right
      case ts.SyntaxKind.MinusToken:
        return left - right
      case ts.SyntaxKind.SlashToken:
        return left / right
      case ts.SyntaxKind.LessThanLessThanToken:
        return left << right
    }
  }
  throw new Error(`not a plain number: ${node.getText()}`)
}

describe('the architecture of src/', () => {
  const modules = readModules()

  it('should have no import cycle', () => {
    expect(modules.length).toBeGreaterThan(50)
    expect(cycles(fileGraph(modules))).toEqual([])
  })

  it('should have no two folders importing each other', () => {
    expect(cycles(folderGraph(modules))).toEqual([])
    // Nor may the table below allow it.
    expect(cycles(new Map(Object.entries(MAY_IMPORT)))).toEqual([])
  })

  it('should import only down the data flow', () => {
    const wrong: string[] = []
    for (const module of modules) {
      const from = folderOf(module.file)
      const allowed = MAY_IMPORT[from]
      if (from === '.') continue // the package's entry may import anything
      expect(allowed, `a folder the data flow does not name: src/${from}/`).toBeDefined()
      for (const target of module.imports) {
        const to = folderOf(target)
        if (to !== from && !allowed!.includes(to))
          wrong.push(`${path.relative(SRC, module.file)} → ${path.relative(SRC, target)}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('should have at the top of src/ only the entries package.json names', () => {
    const entries = packageEntries()
    expect([...entries]).toEqual(['index.ts'])
    const top = modules
      .map((module) => path.relative(SRC, module.file))
      .filter((file) => !file.includes(path.sep))
    expect(top.filter((file) => !entries.has(file))).toEqual([])
  })

  it('should keep the shared format helpers below every format', () => {
    const shared = path.join(SRC, 'formats', 'shared')
    const upward = modules
      .filter((module) => module.file.startsWith(shared + path.sep))
      .flatMap((module) =>
        module.imports
          .filter((target) => target.startsWith(path.join(SRC, 'formats') + path.sep))
          .filter(
            (target) =>
              !target.startsWith(shared + path.sep) && path.dirname(target) !== path.dirname(shared),
          )
          .map((target) => `${path.relative(SRC, module.file)} → ${path.relative(SRC, target)}`),
      )
    expect(modules.some((module) => module.file.startsWith(shared + path.sep))).toBe(true)
    expect(upward).toEqual([])
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

  it('should catch a cycle, two folders importing each other and an upward import (the checks can fail)', () => {
    const a = path.join(SRC, 'formats', 'a.ts')
    const b = path.join(SRC, 'build', 'b.ts')
    const c = path.join(SRC, 'build', 'c.ts')
    const fake: Module[] = [
      { file: a, imports: [b], functions: [], lines: 1 },
      { file: b, imports: [a], functions: [], lines: 1 },
      { file: c, imports: [a], functions: [], lines: 1 },
    ]
    expect(cycles(fileGraph(fake))).toEqual([['build/b.ts', 'formats/a.ts']])
    expect(cycles(folderGraph([fake[0]!, fake[2]!]))).toEqual([['build', 'formats']])
    expect(MAY_IMPORT[folderOf(a)]).not.toContain(folderOf(b))
  })
})

describe('docs/architecture.md', () => {
  const doc = readFileSync(ARCHITECTURE_DOC, 'utf8')
  const thresholds = namedThresholds(doc)

  it('should give each threshold it names as the code has it', () => {
    expect(thresholds.length).toBeGreaterThan(3)
    const wrong = thresholds
      .filter((row) => constantValue(row.file, row.name) !== figureValue(row.figure))
      .map(
        (row) =>
          `${row.name}: ${row.figure} in the document, ${constantValue(row.file, row.name)} in ${row.file}`,
      )
    expect(wrong).toEqual([])
  })

  it('should name the sizes at which a build changes how it works', () => {
    const names = thresholds.map((row) => row.name)
    for (const name of [
      'XBEL_BYTES_AS_TEXT',
      'REUSE_BYTES',
      'COLLECT_FROM_BYTES',
      'OWN_STRINGS_BYTES',
      'GZIP_EXPORTS_FROM',
    ])
      expect(names).toContain(name)
  })

  it('should name constants only in its table of thresholds, with the same figure wherever it gives one', () => {
    const named = new Map(thresholds.map((row) => [row.name, figureValue(row.figure)]))
    const unlisted = [...doc.matchAll(/`([A-Z][A-Z0-9_]+)`/g)]
      .map((m) => m[1]!)
      .filter((name) => THRESHOLD_NAME.test(name) && !named.has(name))
    expect(unlisted).toEqual([])
    // A figure and, a few words on in the same sentence, the constant: `3 MiB of sources (`NAME`)`.
    const prose = [
      ...doc.matchAll(
        /(\d[\d,]*(?:\.\d+)? ?(?:KiB|MiB|GiB|bytes|bookmarks|lines))[^.\d`(]{0,30}\(`([A-Z][A-Z0-9_]+)`/g,
      ),
    ]
    const wrong = prose.filter((m) => figureValue(m[1]!) !== named.get(m[2]!)).map((m) => m[0])
    expect(wrong).toEqual([])
  })

  it("should catch a figure that is not the code's (the check can fail)", () => {
    const fake =
      '## Thresholds\n\n| What | Figure | Where |\n| a | 512 KiB | `MAX_FUNCTION_LINES` in `test/architecture.test.ts` |\n'
    const [row] = namedThresholds(fake)
    expect(row).toEqual({ figure: '512 KiB', name: 'MAX_FUNCTION_LINES', file: 'test/architecture.test.ts' })
    expect(figureValue(row!.figure)).toBe(512 * 1024)
    expect(constantValue(row!.file, row!.name)).toBe(MAX_FUNCTION_LINES)
    expect(figureValue('3 MiB')).toBe(3 * 1024 * 1024)
    expect(figureValue('500,000 bookmarks')).toBe(500_000)
  })
})

describe('the tests', () => {
  const files = (dir: string): string[] =>
    readdirSync(path.join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.join(dir, file))
  const OWN_FOLDERS = ['test/browser', 'test/package']

  it('should sit in a folder of src/ (browser and package tests apart)', () => {
    const misplaced = files('test').filter((file) => {
      const dir = path.dirname(file)
      if (dir === 'test' || OWN_FOLDERS.includes(dir)) return false
      return !existsSync(path.join(REPO_ROOT, 'src', path.relative('test', dir)))
    })
    expect(misplaced).toEqual([])
  })

  it('should give a module graph of its own to each unit test that replaces modules (vi.mock)', () => {
    const config = readFileSync(path.join(REPO_ROOT, 'vitest.config.ts'), 'utf8')
    const mocking = files('test').filter(
      (file) =>
        !/\.(slow|process)\.test\.ts$/.test(file) &&
        !OWN_FOLDERS.some((dir) => file.startsWith(`${dir}/`)) &&
        /\bvi\.(do)?mock\(/.test(readFileSync(path.join(REPO_ROOT, file), 'utf8')),
    )
    expect(mocking.length).toBeGreaterThan(0)
    for (const file of mocking) expect(config, file).toContain(`'${file}'`)
  })
})
