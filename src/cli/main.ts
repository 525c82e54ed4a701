/** (I/O) Process entry for `bin/bookgen.js`: run the CLI and set the exit code. */
import { runCli } from './index.js'

// `bookgen inspect big.html | head`: a closed pipe is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

process.exitCode = await runCli(process.argv.slice(2))
