// search-key.js: `/` on any page jumps to the search box in the header (as on many sites), unless
// the reader is typing somewhere. Tiny and deferred; without JavaScript the box is one Tab away.
document.addEventListener('keydown', function (event) {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return
  var target = event.target
  if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  )
    return
  var input = document.getElementById('search-q')
  if (!(input instanceof HTMLInputElement)) return
  event.preventDefault()
  input.focus()
  input.select()
})
