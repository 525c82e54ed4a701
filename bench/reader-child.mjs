// bench/reader-child.mjs: the reader alone on FILE (decode + parse into the model), RUNS times in
// one process after a warm-up; prints the median time, MB/s and the counts. Used by bench/run.mjs.
import { readFileSync } from 'node:fs'
import { countNodes, parseSource } from '../dist/index.js'

const [file, runsArg = '3'] = process.argv.slice(2)
const bytes = readFileSync(file)
parseSource(bytes, file) // warm-up (JIT), not timed
const times = []
let collection
for (let i = 0; i < Number(runsArg); i++) {
  const started = performance.now()
  collection = parseSource(bytes, file)
  times.push(performance.now() - started)
}
times.sort((a, b) => a - b)
const ms = times[Math.floor((times.length - 1) / 2)]
console.log(
  JSON.stringify({
    file,
    format: collection.format,
    bytes: bytes.length,
    ms: Math.round(ms),
    mbPerS: +(bytes.length / 1e6 / (ms / 1000)).toFixed(1),
    stats: countNodes(collection.root),
    warnings: collection.warnings.length,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
)
