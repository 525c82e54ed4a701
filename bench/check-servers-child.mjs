// bench/check-servers-child.mjs: the local web servers of bench/check.mjs, in their own process
// (so the checker's memory and CPU figures are its own).
//   node bench/check-servers-child.mjs SERVERS DELAY_MS
// Starts SERVERS node:http servers on 127.0.0.1, each answering every request with 200 after
// DELAY_MS, and sends the parent {ports}; on the parent's 'stop' it sends {requests, maxInFlight,
// connections} and exits.
import { createServer } from 'node:http'

const count = Number(process.argv[2] ?? 40)
const delay = Number(process.argv[3] ?? 50)
let requests = 0
let connections = 0
let inFlight = 0
let maxInFlight = 0

const servers = await Promise.all(
  Array.from({ length: count }, async () => {
    const server = createServer((request, response) => {
      requests++
      maxInFlight = Math.max(maxInFlight, ++inFlight)
      response.on('close', () => inFlight--)
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'text/html' })
        response.end(request.method === 'HEAD' ? undefined : '<!doctype html><title>ok</title>')
      }, delay)
    })
    server.on('connection', () => connections++)
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
    return server
  }),
)

process.send({ ports: servers.map((server) => server.address().port) })
process.on('message', (message) => {
  if (message !== 'stop') return
  process.send({ requests, maxInFlight, connections }, () => {
    for (const server of servers) {
      server.closeAllConnections()
      server.close()
    }
    process.exit(0)
  })
})
