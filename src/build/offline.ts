/**
 * (I/O) The last files of a site that works offline (`offline`): once every other file is in the
 * staging folder, `offline/files.json` and `sw.js` are written from the hashes the writer took of
 * each file a reader may keep as it wrote it (see `site-files/offline.ts`): nothing is read back.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  keptUrlOf,
  OFFLINE_FILES_PATH,
  offlineFilesText,
  serviceWorkerText,
  SERVICE_WORKER_PATH,
  shellOf,
  type KeptFile,
} from '../site-files/offline.js'
import { TEMPLATES_DIR, type StagingWriter } from './staging-writer.js'
import { i18nOf } from '../render/i18n.js'

/** Characters of a file's hash in `offline/files.json` (base64url: 66 bits). */
const FILE_HASH_LENGTH = 11
/** Characters of the build id (base64url: 72 bits). */
const BUILD_ID_LENGTH = 12

/**
 * The files whose hashes `writeOfflineFiles` needs: those kept offline, and everything under
 * `assets/` (the search index is written under a dot-folder, then moved).
 */
export function hashedForOffline(path: string): boolean {
  return path.startsWith('assets/') || keptUrlOf(path) !== undefined
}

/** Write `offline/files.json` and `sw.js` (in `lang`) with `writer`, which hashed the files `hashedForOffline` picks. */
export function writeOfflineFiles(writer: StagingWriter, lang: string): void {
  const kept = keptFiles(writer)
  const build = buildId(kept)
  writer.write({ path: OFFLINE_FILES_PATH, contents: offlineFilesText(build, kept) })
  const template = readFileSync(path.join(TEMPLATES_DIR, 'default', 'sw.js'), 'utf8')
  const offline = i18nOf(lang).t('offline.worker')
  const contents = serviceWorkerText(template, build, shellOf(kept), offline)
  writer.write({ path: SERVICE_WORKER_PATH, contents })
}

/** Every written file a reader may keep offline, in URL order. */
function keptFiles(writer: StagingWriter): KeptFile[] {
  const kept: KeptFile[] = []
  for (const [file, { size, hash }] of writer.hashes) {
    const url = keptUrlOf(file)
    if (url !== undefined) kept.push({ url, size, hash: hash.slice(0, FILE_HASH_LENGTH) })
  }
  return kept.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
}

/** The build's id: a hash of every kept file's URL, size and hash. */
function buildId(kept: readonly KeptFile[]): string {
  const hash = createHash('sha256')
  for (const file of kept) hash.update(`${file.url}\u0000${file.size}\u0000${file.hash}\n`)
  return hash.digest('base64url').slice(0, BUILD_ID_LENGTH)
}
