/**
 * (I/O) The last files of a site that works offline (`offline`): once every other file is in the
 * staging folder, each file a reader may keep is read back and hashed (see
 * `site-files/offline.ts`), and `offline/files.json` and `sw.js` are written from what was found.
 * Reading the files back, rather than hashing them as they are written, keeps this step apart from
 * whichever thread wrote them.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
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

/** Characters of a file's hash in `offline/files.json` (base64url: 66 bits). */
const FILE_HASH_LENGTH = 11
/** Characters of the build id (base64url: 72 bits). */
const BUILD_ID_LENGTH = 12

/** Write `offline/files.json` and `sw.js` with `writer` into `root`, the staging folder it writes into. */
export function writeOfflineFiles(writer: StagingWriter, root: string): void {
  const kept = keptFiles(root)
  const build = buildId(kept)
  writer.write({ path: OFFLINE_FILES_PATH, contents: offlineFilesText(build, kept) })
  const template = readFileSync(path.join(TEMPLATES_DIR, 'default', 'sw.js'), 'utf8')
  writer.write({ path: SERVICE_WORKER_PATH, contents: serviceWorkerText(template, build, shellOf(kept)) })
}

/** Every file below `root` a reader may keep offline, in URL order (the order of the disk varies). */
function keptFiles(root: string): KeptFile[] {
  const kept: KeptFile[] = []
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const url = keptUrlOf(path.relative(root, file).split(path.sep).join('/'))
    if (url === undefined) continue
    const bytes = readFileSync(file)
    const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, FILE_HASH_LENGTH)
    kept.push({ url, size: bytes.byteLength, hash })
  }
  return kept.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
}

/** The build's id: a hash of every kept file's URL, size and hash. */
function buildId(kept: readonly KeptFile[]): string {
  const hash = createHash('sha256')
  for (const file of kept) hash.update(`${file.url}\u0000${file.size}\u0000${file.hash}\n`)
  return hash.digest('base64url').slice(0, BUILD_ID_LENGTH)
}
