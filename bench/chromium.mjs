// Headless Chromium for the browser tests (test/browser/chromium.ts), the benchmarks
// (bench/search-browser.mjs, bench/lighthouse.mjs) and the screenshots (docs/screenshots.mjs): Debian's `chromium`
// driven by playwright-core, never a downloaded browser. CHROMIUM_PATH names another.
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const hasChromium = existsSync(CHROMIUM)
/** Flags that suit a closed network and a root sandbox (Lighthouse gets them too). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
]

/** Launch headless Chromium with CHROMIUM_FLAGS. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
}
