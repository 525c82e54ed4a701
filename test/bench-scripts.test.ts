/**
 * The benchmark scripts import bookgen from dist/: every module they name must exist (as its
 * source in src/), so a move of a module cannot leave a bench script broken unnoticed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const scripts = readdirSync(path.join(root, 'bench')).filter((name) => name.endsWith('.mjs'))

/** Modules of dist/ a script names: `'../dist/a/b.js'` imports and `path.join(dist, 'a/b.js')`. */
function distModules(text: string): string[] {
  const named = [...text.matchAll(/['"]\.\.\/dist\/([^'"]+\.js)['"]/g)].map((match) => match[1]!)
  const joined = [...text.matchAll(/path\.join\(\s*dist\s*,\s*['"]([^'"]+\.js)['"]\s*\)/g)].map(
    (match) => match[1]!,
  )
  return [...named, ...joined]
}

describe('bench scripts', () => {
  it('should name bench scripts that import from dist/', () => {
    expect(
      scripts.filter((name) => distModules(readFileSync(path.join(root, 'bench', name), 'utf8')).length > 0)
        .length,
    ).toBeGreaterThan(5)
  })
  for (const name of scripts) {
    it(`${name} should import only modules that exist`, () => {
      const missing = distModules(readFileSync(path.join(root, 'bench', name), 'utf8')).filter(
        (module) => !existsSync(path.join(root, 'src', module.replace(/\.js$/, '.ts'))),
      )
      expect(missing).toEqual([])
    })
  }
})
