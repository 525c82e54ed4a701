/**
 * (I/O) `bookgen init`: write the GitHub Actions workflow that builds the site and publishes it
 * on GitHub Pages. It never pushes and never touches credentials: it writes one file and says
 * what to do next.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { BookgenError } from './model/errors.js'
import { TEMPLATES_DIR } from './build/output.js'
import { VERSION } from './version.js'

export const WORKFLOW_PATH = '.github/workflows/pages.yml'

export interface InitResult {
  /** Absolute path of the workflow written. */
  file: string
}

/**
 * Write `.github/workflows/pages.yml` in `cwd`.
 *
 * @param sources source files to build (relative to the repository root); none means the config's
 * @param force replace an existing workflow
 */
export async function initPagesWorkflow(
  cwd: string,
  sources: readonly string[],
  force = false,
): Promise<InitResult> {
  const file = path.join(cwd, WORKFLOW_PATH)
  if (existsSync(file) && !force) {
    throw new BookgenError(`${WORKFLOW_PATH} already exists; use --force to replace it`, {
      ruleId: 'cli/usage',
      file: WORKFLOW_PATH,
    })
  }
  for (const source of sources) {
    if (!/^[\w./@+-]+$/.test(source)) {
      throw new BookgenError(
        `Source paths in the workflow may only use letters, digits and . / _ - @ +: "${source}"`,
        {
          ruleId: 'cli/usage',
        },
      )
    }
  }
  const template = await readFile(path.join(TEMPLATES_DIR, 'github-pages.yml'), 'utf8')
  const workflow = template
    .replace('__BOOKGEN_VERSION__', VERSION)
    .replace('__SOURCES__', sources.length === 0 ? '' : `${sources.join(' ')} `)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, workflow)
  return { file }
}
