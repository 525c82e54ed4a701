/**
 * (I/O) The link store on disk: read it (a missing file is an empty store), and write it
 * atomically (a temporary file beside it, then a rename), so a check stopped half-way, or two
 * runs at once, never leave a torn file behind.
 */
import { randomBytes } from 'node:crypto'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { BookgenError } from '../model/errors.js'
import { emptyStore, parseLinkStore, serializeLinkStore, type LinkStore } from './store-format.js'

export { emptyStore, parseLinkStore, pruneStore, serializeLinkStore } from './store-format.js'
export type { LinkEntry, LinkProblem, LinkState, LinkStore } from './store-format.js'

/** The store's file name; by default it sits beside the first source. */
export const LINK_STORE_NAME = 'bookmarks.links.json'

/** Where the store of a site with these sources lives by default (absolute source paths, in order). */
export function defaultStoreFile(sources: readonly string[]): string {
  const first = sources[0]
  if (first === undefined)
    throw new BookgenError('No sources given, so no place for the link store', { rule: 'links/no-sources' })
  return path.join(path.dirname(first), LINK_STORE_NAME)
}

/** Read the store in `file`; no file yet is an empty store. A broken one is a `BookgenError`. */
export async function readLinkStore(file: string, name = file): Promise<LinkStore> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyStore()
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new BookgenError(`Cannot read the link store (${code})`, {
      rule: 'links/store-unreadable',
      file: name,
      cause: error,
    })
  }
  return parseLinkStore(text, name)
}

/** Write `store` to `file`: all of it, or (on failure) nothing, the old file left as it was. */
export async function writeLinkStore(file: string, store: LinkStore, name = file): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
  )
  try {
    await writeFile(temporary, serializeLinkStore(store), { flag: 'wx' })
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new BookgenError(`Cannot write the link store (${code})`, {
      rule: 'links/store-unwritable',
      file: name,
      cause: error,
    })
  }
}
