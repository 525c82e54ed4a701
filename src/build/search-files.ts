/**
 * (I/O) The site files of a build, each written as soon as it is made. The search index is written
 * file by file as it is made (`searchIndexParts`):
 * its directory is named by a hash of every file in it, known only once the last is made, so the
 * files go into a folder named after the previous build's index (or a temporary name when there
 * is none) and the folder is renamed at the end if the name differs. Named as the previous one, a
 * file that did not change is linked from it like any other (`StagingWriter`); an unchanged
 * rebuild renames nothing.
 */
import type { OutputFile } from '../model/output.js'
import {
  runProducers,
  searchIndexInput,
  siteFileProducers,
  type SiteFilesInput,
  type SiteFilesTimings,
} from '../site-files/index.js'
import { SEARCH_DIR } from '../pages/paths.js'
import { searchIndexParts, type SearchIndexInput } from '../site-files/search/index.js'
import type { StagingWriter } from './staging-writer.js'

/** The index folder's name while its files are written, when no previous build names one. */
const PENDING = '.pending'
/** A folder name `searchIndexParts` makes (12 characters of base64url). */
const ID = /^[\w-]{12}$/

/**
 * Make every site file of `input` and write each with `writer` as soon as it is made: the smallest
 * first and the search index, the largest, last (the order the 1M memory figures were measured in).
 */
export function writeSiteFiles(input: SiteFilesInput, writer: StagingWriter): SiteFilesTimings {
  const producers = siteFileProducers(input)
  producers.set(SEARCH_DIR, () => writeSearchIndexFiles(searchIndexInput(input), writer))
  return runProducers([...producers].reverse(), (files) => files.forEach((file) => writer.write(file)))
}

/** Write the search index made from `input` with `writer`; returns nothing to write after it. */
export function writeSearchIndexFiles(input: SearchIndexInput, writer: StagingWriter): OutputFile[] {
  const folder = previousId(writer) ?? PENDING
  const parts = searchIndexParts(input)
  let step = parts.next()
  for (; step.done !== true; step = parts.next())
    writer.write({ path: `${SEARCH_DIR}${folder}/${step.value.name}`, contents: step.value.contents })
  const { meta, metaFile } = step.value
  if (meta.id !== folder) writer.moveDirectory(`${SEARCH_DIR}${folder}`, `${SEARCH_DIR}${meta.id}`)
  writer.write(metaFile)
  return []
}

/** The previous build's index folder, as its `index.json` names it. */
function previousId(writer: StagingWriter): string | undefined {
  const text = writer.previousText(`${SEARCH_DIR}index.json`)
  if (text === undefined) return undefined
  try {
    const id = (JSON.parse(text) as { id?: unknown }).id
    return typeof id === 'string' && ID.test(id) ? id : undefined
  } catch {
    return undefined
  }
}
