/**
 * (I/O) `bookgen init`: write the GitHub Actions workflow that builds the site and publishes it
 * on GitHub Pages, and with `--links` the weekly link check (`bookgen check`, then commit the link
 * store and republish). It never pushes and never touches credentials: it writes files and says
 * what to do next.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { BookgenError } from './model/errors.js'
import { TEMPLATES_DIR } from './build/output.js'
import { VERSION } from './version.js'

export const WORKFLOW_PATH = '.github/workflows/pages.yml'
/** The weekly link check (`bookgen init --links`; see docs/link-health.md). */
export const LINKS_WORKFLOW_PATH = '.github/workflows/links-check.yml'

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
  return writeWorkflow(cwd, WORKFLOW_PATH, 'github-pages.yml', sources, force)
}

/**
 * Write `.github/workflows/links-check.yml` in `cwd`: every week, `bookgen check`, commit the link
 * store when it changed, build and deploy. Arguments as for `initPagesWorkflow`.
 */
export async function initLinksWorkflow(
  cwd: string,
  sources: readonly string[],
  force = false,
): Promise<InitResult> {
  return writeWorkflow(cwd, LINKS_WORKFLOW_PATH, 'links-check.yml', sources, force)
}

async function writeWorkflow(
  cwd: string,
  workflowPath: string,
  templateName: string,
  sources: readonly string[],
  force: boolean,
): Promise<InitResult> {
  const file = path.join(cwd, workflowPath)
  if (existsSync(file) && !force) {
    throw new BookgenError(`${workflowPath} already exists; use --force to replace it`, {
      ruleId: 'cli/usage',
      file: workflowPath,
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
  const template = await readFile(path.join(TEMPLATES_DIR, templateName), 'utf8')
  // Each placeholder may occur more than once (the link check runs `check`, then `build`).
  const workflow = template
    .replaceAll('__BOOKGEN_VERSION__', VERSION)
    .replaceAll('__SOURCES__', sources.length === 0 ? '' : `${sources.join(' ')} `)
    // `check __SOURCES__` at the end of a line, with no sources or with: no trailing space.
    .replace(/[ \t]+$/gm, '')
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, workflow)
  return { file }
}
