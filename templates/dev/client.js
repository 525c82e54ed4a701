// client.js: the dev server's live-reload client, injected into pages by `bookgen dev` only
// (built sites carry no reload code). It listens to the server's event stream: after a rebuild
// the page reloads; when a save breaks the build, the error is shown over the page until a good
// save arrives. Plain ES module, no dependencies; styles are set through the CSSOM, which the
// pages' Content-Security-Policy allows. The page's build number (`?v=`) goes back to the server
// with the event stream, which answers "reload" when a rebuild came while the page was loading.
const version = new URL(import.meta.url).searchParams.get('v') ?? ''
const events = new EventSource(new URL(`events?v=${encodeURIComponent(version)}`, import.meta.url))
let overlay = null

events.addEventListener('reload', () => window.location.reload())

events.addEventListener('build-error', (event) => {
  const { message } = JSON.parse(event.data)
  showError(message)
})

events.addEventListener('build-ok', () => {
  overlay?.remove()
  overlay = null
})

function showError(message) {
  if (overlay === null) {
    overlay = document.createElement('div')
    overlay.id = 'bookgen-error'
    overlay.setAttribute('role', 'alert')
    Object.assign(overlay.style, {
      position: 'fixed',
      left: '0',
      right: '0',
      bottom: '0',
      zIndex: '2147483647',
      padding: '1rem 1.25rem',
      background: '#2b0b0b',
      color: '#ffe3e3',
      borderTop: '4px solid #ff5c5c',
      font: '14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      whiteSpace: 'pre-wrap',
      maxHeight: '50vh',
      overflow: 'auto',
    })
    document.body.append(overlay)
  }
  overlay.textContent = `bookgen: the last save could not be built; this is the last good site.\n\n${message}`
}
