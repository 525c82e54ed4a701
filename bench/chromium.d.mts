import type { Browser } from 'playwright-core'

/** The Chromium executable: CHROMIUM_PATH, or Debian's /usr/bin/chromium. */
export declare const CHROMIUM: string
/** Whether it exists. */
export declare const hasChromium: boolean
/** Flags that suit a closed network and a root sandbox. */
export declare const CHROMIUM_FLAGS: string[]
/** Launch headless Chromium with flags that suit a closed network and a root sandbox. */
export declare function launchChromium(): Promise<Browser>
