// sw.js: the service worker of a bookgen site (`offline` in the config), registered by site.js at
// the site's base path, which is its scope. `bookgen build` writes it with its build's settings on
// the line below: the build's id (a hash of every file a reader may keep), the shell and its words.
// - install: caches the shell (home, search and offline pages, stylesheet, scripts, icons, the
//   search index's meta file) in a cache of this build's own, `bookgen <scope> <build>`; when the
//   whole collection was kept offline under an older build, carries it over: a file whose content
//   did not change is copied from the older cache, the others are fetched.
// - activate: deletes the other builds' caches of this site, and takes over the open pages (site.js
//   then reloads a page an older build served).
// - fetch: a page from the cache while the network refreshes it (stale-while-revalidate), else the
//   network, else the offline page; the assets (search files included) from this build's cache,
//   else the network, kept as they are fetched, so one build's search files are never mixed with
//   another's; the private section like a page; anything else (feed, exports, sitemap) from the
//   network alone. Requests of the "keep offline" control (header `x-bookgen-keep`) go to the
//   network: it stores what it fetches itself.
const SETTINGS = { build: 'unbuilt', shell: [], offline: 'You are offline.' }

const SCOPE = self.registration.scope
const SCOPE_PATH = new URL(SCOPE).pathname
const PREFIX = `bookgen ${SCOPE} `
const CACHE = `${PREFIX}${SETTINGS.build}`
const KEEP_HEADER = 'x-bookgen-keep'
/** The list of files to keep (see src/site-files/offline.ts); a cache holding it was kept whole. */
const FILES = 'offline/files.json'
/** Requests at once while a kept collection is carried over. */
const AT_ONCE = 6

self.addEventListener('install', (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()))
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name)
      }
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET' || request.headers.has(KEEP_HEADER)) return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE_PATH)) return
  const path = url.pathname.slice(SCOPE_PATH.length)
  if (path === 'sw.js') return
  if (request.mode === 'navigate') event.respondWith(page(event, url))
  else if (path.startsWith('assets/') || path === 'manifest.webmanifest') event.respondWith(asset(event, url))
  else if (path.startsWith('private/')) event.respondWith(refreshed(event, url, url))
})

/** Cache the shell, then carry over a collection kept under an older build (never failing for it). */
async function install() {
  const cache = await caches.open(CACHE)
  // `no-cache`: a file the browser's HTTP cache still holds from the older build is not taken for this one's.
  await cache.addAll(SETTINGS.shell.map((path) => new Request(new URL(path, SCOPE), { cache: 'no-cache' })))
  await carryOver(cache).catch(() => {})
}

/**
 * When an older build's cache holds the whole collection (its files.json), fill this build's: the
 * files whose hash is unchanged copied from it, the others fetched. Its files.json goes in only
 * when every file is kept (else the offline page offers to finish).
 */
async function carryOver(cache) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue
    const older = await caches.open(name)
    const kept = await older.match(new URL(FILES, SCOPE))
    if (kept === undefined) continue
    const before = await kept.json()
    const response = await fetch(new URL(FILES, SCOPE), { cache: 'no-cache' })
    if (!response.ok) return
    const list = await response.clone().json()
    if (list.build !== SETTINGS.build) return
    const byHash = new Map(before.files.map(([path, , hash]) => [hash, path]))
    const missing = []
    for (const [path, , hash] of list.files) {
      const url = new URL(path, SCOPE)
      if ((await cache.match(url)) !== undefined) continue
      const from = byHash.get(hash)
      const copy = from === undefined ? undefined : await older.match(new URL(from, SCOPE))
      if (copy === undefined) missing.push(url)
      else await cache.put(url, copy)
    }
    if (await fetchAll(cache, missing)) await cache.put(new URL(FILES, SCOPE), response)
    return
  }
}

/** Fetch `urls` into `cache`, a few at a time; whether every one was kept. */
async function fetchAll(cache, urls) {
  let next = 0
  let ok = true
  const worker = async () => {
    while (ok && next < urls.length) {
      const url = urls[next++]
      const response = await fetch(url, { cache: 'no-cache' }).catch(() => undefined)
      if (response === undefined || !response.ok) ok = false
      else await cache.put(url, response)
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
  return ok
}

/** A page: from the cache (refreshed), else the network, else the offline page. */
async function page(event, url) {
  // A page is kept under its folder's URL (`tags/css/index.html` and `tags/css/?q=` are `tags/css/`).
  const key = new URL(url.pathname.replace(/\/index\.html$/, '/'), url)
  try {
    const response = await refreshed(event, url, key)
    // A redirect the network followed (`tags` to `tags/`) is the browser's to follow.
    return response.redirected ? Response.redirect(response.url, 302) : response
  } catch {
    const offline = new URL('offline/', SCOPE)
    if (key.href === offline.href) return new Response(SETTINGS.offline, { status: 503 })
    const from = url.pathname.slice(SCOPE_PATH.length) + url.search
    return Response.redirect(`${offline.href}?from=${encodeURIComponent(from)}`, 302)
  }
}

/** What the cache holds under `key`, refreshed from the network meanwhile; else the network's. */
async function refreshed(event, url, key) {
  const cache = await caches.open(CACHE)
  const cached = await cache.match(key)
  const network = fetch(url, { cache: 'no-cache' }).then(async (response) => {
    if (response.ok && response.type === 'basic' && !response.redirected)
      await cache.put(key, response.clone())
    return response
  })
  if (cached === undefined) return network
  event.waitUntil(network.catch(() => {}))
  return cached
}

/** An asset of this build: from its cache, else the network (and then kept). */
async function asset(event, url) {
  const cache = await caches.open(CACHE)
  const cached = await cache.match(url)
  if (cached !== undefined) return cached
  const response = await fetch(url, { cache: 'no-cache' })
  if (response.ok && response.type === 'basic') event.waitUntil(cache.put(url, response.clone()))
  return response
}
