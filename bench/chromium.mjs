// Headless Chromium for the browser tests (test/browser/chromium.ts), the benchmarks
// (bench/search-browser.mjs) and the screenshots (docs/screenshots.mjs): Debian's `chromium`
// driven by playwright-core, never a downloaded browser. CHROMIUM_PATH names another.
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const hasChromium = existsSync(CHROMIUM)

/** Launch headless Chromium with flags that suit a closed network and a root sandbox. */
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  })
}
