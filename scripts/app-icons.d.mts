import type * as WebApp from '../src/render/web-app.js'

/** The three PNGs of the glyph `name` of `app` (src/render/web-app.ts), as `[file name, bytes]`. */
export declare function drawIcons(app: typeof WebApp, name: string): Array<[string, Uint8Array]>
