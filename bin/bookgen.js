#!/usr/bin/env node
// bookgen command-line entry: a tiny shim over the compiled CLI in dist/.
import { existsSync } from 'node:fs'

const cli = new URL('../dist/cli/main.js', import.meta.url)
if (!existsSync(cli)) {
  process.stderr.write(
    'bookgen is not built: run "npm install" (or "npm run build") in the bookgen folder first.\n',
  )
  process.exit(1)
}
await import(cli.href)
