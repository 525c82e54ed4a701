/** (I/O) Process entry for `bin/bookgen.js`: run the CLI and set the exit code. */
import { runCli } from './cli.js'

process.exitCode = await runCli(process.argv.slice(2))
