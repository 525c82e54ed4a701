/** `bookgen dev`'s default port (Vite's): the next free one is used if it is taken. */
export const DEV_PORT = 5173
