/** Shared setup for real-browser tests: Debian's Chromium driven by playwright-core. */
import { existsSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'
export const hasChromium = existsSync(CHROMIUM)

if (!hasChromium) {
  console.warn(
    `\n⚠️  SKIPPING BROWSER TESTS: no Chromium at ${CHROMIUM}. Install it (apt-get install chromium) or set CHROMIUM_PATH; CI installs it.\n`,
  )
}

/** Launch headless Chromium with flags that suit a closed network and a root sandbox. */
export function launchChromium(): Promise<Browser> {
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

/** Record the page's uncaught errors and console errors into `errors`. */
export function collectErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
}
