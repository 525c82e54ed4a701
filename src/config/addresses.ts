/** Where `bookgen preview` and `bookgen dev` listen, and the origin a site without `site` is built for. */

/** The interface `bookgen preview` and `bookgen dev` listen on unless `--host` names another. */
export const LOCAL_HOST = '127.0.0.1'

/** `bookgen preview`'s default port (Vite's convention): the next free one is used if it is taken. */
export const PREVIEW_PORT = 4173

/** `bookgen dev`'s default port (Vite's): the next free one is used if it is taken. */
export const DEV_PORT = 5173

/** Where `bookgen preview` serves a site: the origin of absolute URLs when no `site` is set. */
export const PREVIEW_ORIGIN = `http://localhost:${PREVIEW_PORT}`
