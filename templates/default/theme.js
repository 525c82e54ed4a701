// theme.js: the light/dark switch. Loaded (blocking, and tiny) in <head> so that a saved choice
// applies before the first paint; then it adds the toggle button to the header (pages do not carry
// it: it only works with JavaScript). Without JavaScript, or until the reader chooses, the system
// setting (prefers-color-scheme) applies.
;(function () {
  var KEY = 'bookgen-theme'
  var root = document.documentElement
  var saved
  try {
    saved = window.localStorage.getItem(KEY)
  } catch {
    saved = null // storage disabled: follow the system setting
  }
  if (saved === 'light' || saved === 'dark') root.setAttribute('data-theme', saved)

  function isDark() {
    var chosen = root.getAttribute('data-theme')
    if (chosen) return chosen === 'dark'
    return window.matchMedia('(prefers-color-scheme: dark)').matches
  }

  document.addEventListener('DOMContentLoaded', function () {
    var header = document.querySelector('.site-header')
    if (!header) return
    var button = document.createElement('button')
    button.type = 'button'
    button.className = 'theme-toggle'
    // The label says where a click goes: "Light mode" while dark, "Dark mode" while light.
    // Its words are in the page (see ui-text.js), in the site's language.
    var text = document.getElementById('ui-text')
    var words = text ? JSON.parse(text.textContent || '{}') : {}
    function label() {
      button.textContent = words[isDark() ? 'themeLight' : 'themeDark'] || ''
    }
    label()
    header.appendChild(button)
    button.addEventListener('click', function () {
      var next = isDark() ? 'light' : 'dark'
      root.setAttribute('data-theme', next)
      label()
      try {
        window.localStorage.setItem(KEY, next)
      } catch {
        // storage disabled: the choice lasts for this page only
      }
    })
  })
})()
