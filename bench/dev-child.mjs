// bench/dev-child.mjs: edit-to-served latency of `bookgen dev` on FILE: start a dev session,
// then EDITS times change one bookmark's title in the source and time until the server serves
// the page with the new title, and the CPU time the process spent meanwhile; also a save with no
// change, which must write no file. Prints JSON.
// The saves write the file whole, as an editor does, from the bytes read once: no copy of a large
// file's text in this process (which is the dev server's too) to weigh on its memory.
import {
  closeSync,
  cpSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Session } from 'node:inspector/promises'
import { startDev } from '../dist/dev/index.js'

const [file, editsArg = '7'] = process.argv.slice(2)
const edits = Number(editsArg)
const dir = mkdtempSync(path.join(existsTmpfs() ? '/dev/shm' : os.tmpdir(), 'bookgen-dev-bench-'))
const source = path.join(dir, path.basename(file))
cpSync(file, source)
// The 1M site (1.44 GB) is over GitHub Pages' 1 GB, the default `limits.siteBytes`.
writeFileSync(path.join(dir, 'bookmarks.config.mjs'), 'export default { limits: { siteBytes: 100e9 } }\n')
const started = performance.now()
const session = await startDev({
  cwd: dir,
  inline: { sources: [source], outDir: path.join(dir, 'site') },
  port: 0,
  debounceMs: 10,
})
const initialMs = performance.now() - started
if (!session.initial.ok) throw new Error(session.initial.error.format())

// The first bookmark title in the file, and the page it is on.
const bytes = readFileSync(source)
const head = bytes.subarray(0, 1 << 20).toString('utf8')
// Netscape: `<DT><A …>title</A>`; XBEL: `<bookmark …><title>title</title>`.
const anchor = /<DT><A [^>]*>([^<&]{3,})<\/A>|<bookmark [^>]*>\s*<title>([^<&]{3,})<\/title>/.exec(head)
const original = anchor[1] ?? anchor[2]
const close = anchor[1] === undefined ? '</title>' : '</A>'
const at = Buffer.byteLength(head.slice(0, anchor.index + anchor[0].length - original.length - close.length))
const before = bytes.subarray(0, at)
const after = bytes.subarray(at + Buffer.byteLength(original))
const firstPage = await findPage(original)

// DEV_CPU_PROF=FILE: a CPU profile of the edits and the save with no change (not the first build).
const profile = process.env.DEV_CPU_PROF
const inspector = profile === undefined || profile === '' ? undefined : new Session()
if (inspector !== undefined) {
  inspector.connect()
  await inspector.post('Profiler.enable')
  await inspector.post('Profiler.start')
}

const latencies = []
const cpus = []
let current = original
for (let i = 1; i <= edits; i++) {
  const next = `${original} edit${i}`
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  save(next)
  for (;;) {
    const body = await fetchText(firstPage)
    if (body?.includes(next)) break
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  latencies.push(performance.now() - t0)
  cpus.push(cpuMs(cpu0))
  current = next
}
// A save with no change writes no file (after the last edit's events have settled).
await new Promise((resolve) => setTimeout(resolve, 500))
const pending = session.nextBuild()
const cpu0 = process.cpuUsage()
save(current)
const unchanged = await pending
const unchangedCpuMs = cpuMs(cpu0)
if (inspector !== undefined) {
  const { profile: taken } = await inspector.post('Profiler.stop')
  writeFileSync(profile, JSON.stringify(taken))
  inspector.disconnect()
}
await session.close()
rmSync(dir, { recursive: true, force: true })

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor((values.length - 1) / 2)]
const inOrder = latencies.map(Math.round)
latencies.sort((a, b) => a - b)
console.log(
  JSON.stringify({
    file,
    initialMs: Math.round(initialMs),
    edits,
    medianMs: Math.round(latencies[Math.floor((latencies.length - 1) / 2)]),
    maxMs: Math.round(latencies.at(-1)),
    latenciesMs: inOrder,
    cpuMedianMs: Math.round(median(cpus)),
    cpuMs: cpus.map(Math.round),
    unchangedWrites: unchanged.ok ? unchanged.written.length : -1,
    unchangedCpuMs: Math.round(unchangedCpuMs),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
)

/** CPU time of this process (every thread: the server, its builds, this harness) since `from`, in ms. */
function cpuMs(from) {
  const { user, system } = process.cpuUsage(from)
  return (user + system) / 1000
}

/** Write the source whole, with `title` as the first bookmark's title. */
function save(title) {
  const fd = openSync(source, 'w')
  try {
    for (const part of [before, Buffer.from(title), after])
      for (let done = 0; done < part.length;) done += writeSync(fd, part, done)
  } finally {
    closeSync(fd)
  }
}

/** A page's text; undefined when the connection failed (a kept-alive one the server closed meanwhile). */
async function fetchText(url) {
  try {
    return await (await fetch(url)).text()
  } catch {
    return undefined
  }
}

async function findPage(title) {
  // Walk the folder pages from the home page until one shows the title.
  const queue = [session.url]
  const seen = new Set()
  while (queue.length > 0) {
    const url = queue.shift()
    if (seen.has(url)) continue
    seen.add(url)
    let body
    while ((body = await fetchText(url)) === undefined)
      await new Promise((resolve) => setTimeout(resolve, 50))
    if (body.includes(`>${title}</a>`)) return url
    for (const match of body.matchAll(/class="folder-link" href="([^"]+)"/g))
      queue.push(new URL(match[1], url).href)
  }
  throw new Error(`no page shows ${title}`)
}

function existsTmpfs() {
  try {
    return readFileSync('/proc/mounts', 'utf8').includes(' /dev/shm ')
  } catch {
    return false
  }
}
