// bench/check-cli.mjs: `bookgen check` as a user runs it (the CLI, in this process): a Netscape
// file of URLS bookmarks over SERVERS local servers answering in DELAY_MS (bench/check-servers-
// child.mjs), default limits but `--rate 1000` (these local servers need no sparing); then the
// same check again, which must send nothing. Prints wall
// time, peak RSS and requests as JSON; exits 1 over budget (60 s, 200 MB peak RSS).
//   npm run build && node bench/check-cli.mjs [URLS] [SERVERS] [DELAY_MS]
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runCli } from '../dist/cli/index.js'

const URLS = Number(process.argv[2] ?? 10_000)
const SERVERS = Number(process.argv[3] ?? 40)
const DELAY = Number(process.argv[4] ?? 50)
const BUDGET = { seconds: 60, rssMB: 200 }

const child = fork(new URL('./check-servers-child.mjs', import.meta.url), [String(SERVERS), String(DELAY)])
const next = () => new Promise((resolve) => child.once('message', resolve))
const { ports } = await next()
const dir = mkdtempSync(path.join(os.tmpdir(), 'bookgen-check-cli-'))
const lines = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>', '<TITLE>Bookmarks</TITLE>', '<DL><p>']
for (let i = 0; i < URLS; i++)
  lines.push(
    `<DT><A HREF="http://127.0.0.1:${ports[i % ports.length]}/page/${i}" ADD_DATE="1600000000">Page ${i}</A>`,
  )
lines.push('</DL><p>')
writeFileSync(path.join(dir, 'bookmarks.html'), `${lines.join('\n')}\n`)

let out = ''
const io = { stdout: (text) => (out += text), stderr: () => {}, cwd: dir }
const started = performance.now()
const exit = await runCli(['check', 'bookmarks.html', '--rate', '1000'], io)
const seconds = (performance.now() - started) / 1000
child.send('stop')
const afterFirst = await next()
out += '--- second run ---\n'
const again = await runCli(['check', 'bookmarks.html', '--rate', '1000'], io)
const rssMB = process.resourceUsage().maxRSS / 1024
rmSync(dir, { recursive: true, force: true })
const result = {
  urls: URLS,
  servers: SERVERS,
  answerDelayMs: DELAY,
  exit,
  seconds: Number(seconds.toFixed(2)),
  peakRssMB: Number(rssMB.toFixed(1)),
  serverRequests: afterFirst.requests,
  serverMaxInFlight: afterFirst.maxInFlight,
  secondRunExit: again,
  summary: out.trim().split('\n'),
  budget: BUDGET,
}
console.log(JSON.stringify(result, null, 2))
// The second run found the servers gone: had it sent anything, links would be unknown now.
const ok = exit === 0 && again === 0 && seconds <= BUDGET.seconds && rssMB <= BUDGET.rssMB
process.exit(ok && / 0 unknown/.test(out.split('--- second run ---')[1] ?? '') ? 0 : 1)
