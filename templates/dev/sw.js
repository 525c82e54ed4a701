// sw.js as `bookgen dev` serves it: a service worker that removes itself. A browser that kept a
// built site at this address (`bookgen preview`, on the same port) checks its worker's script on
// every page it opens; it gets this one, which deletes the kept pages, unregisters, and reloads
// the open pages from the dev server.
self.addEventListener('install', () => self.skipWaiting())

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const prefix = `bookgen ${self.registration.scope} `
      for (const name of await caches.keys()) if (name.startsWith(prefix)) await caches.delete(name)
      await self.registration.unregister()
      for (const client of await self.clients.matchAll({ type: 'window' })) client.navigate(client.url)
    })(),
  )
})
