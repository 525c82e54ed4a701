// bench/check.mjs: how long `checkLinks` takes, and how much memory, for 10,000 distinct URLs with
// the default limits (16 requests at once, 2 per host, 10 s timeout) but the rate: 1000 requests a
// second per host instead of 1, since these local servers need no sparing (at 1 a second, 40 hosts
// would take 250 s: the rate, not the checker, would be measured).
//   npm run build && node bench/check.mjs [URLS] [SERVERS] [DELAY_MS]
// The URLs are spread over SERVERS (default 40) local servers on different ports, each answering
// 200 after DELAY_MS (default 50): 40 hosts × 2 per host = 80 > 16, so the overall limit, not the
// per-host one, bounds the rate (at best 16 / 50 ms = 320 URLs/s, 31 s for 10,000). The servers
// run in a child process; the figures are this process's. A second run over the same store (the
// same `now`) must send no request. Prints JSON; exits 1 over budget (60 s, 200 MB peak RSS).
import { fork } from 'node:child_process'
import { checkLinks } from '../dist/links/check.js'
import { emptyStore } from '../dist/links/store.js'

const URLS = Number(process.argv[2] ?? 10_000)
const SERVERS = Number(process.argv[3] ?? 40)
const DELAY = Number(process.argv[4] ?? 50)
const BUDGET = { seconds: 60, rssMB: 200 }

const child = fork(new URL('./check-servers-child.mjs', import.meta.url), [String(SERVERS), String(DELAY)])
const next = () => new Promise((resolve) => child.once('message', resolve))
const { ports } = await next()
const urls = Array.from({ length: URLS }, (_, i) => `http://127.0.0.1:${ports[i % ports.length]}/page/${i}`)

const now = Date.now()
const started = performance.now()
const first = await checkLinks({ urls, store: emptyStore(), now, rate: 1000 })
const seconds = (performance.now() - started) / 1000
const again = await checkLinks({ urls, store: first.store, now, rate: 1000 })

child.send('stop')
const served = await next()
const rssMB = process.resourceUsage().maxRSS / 1024
const result = {
  urls: URLS,
  servers: SERVERS,
  answerDelayMs: DELAY,
  seconds: Number(seconds.toFixed(2)),
  urlsPerSecond: Math.round(URLS / seconds),
  peakRssMB: Number(rssMB.toFixed(1)),
  requests: first.requests,
  alive: first.summary.alive,
  serverRequests: served.requests,
  serverMaxInFlight: served.maxInFlight,
  serverConnections: served.connections,
  secondRunRequests: again.requests,
  budget: BUDGET,
}
console.log(JSON.stringify(result, null, 2))
const ok =
  seconds <= BUDGET.seconds &&
  rssMB <= BUDGET.rssMB &&
  first.summary.alive === URLS &&
  again.requests === 0 &&
  served.maxInFlight <= 16
process.exit(ok ? 0 : 1)
