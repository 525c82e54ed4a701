/** The site's downloads of its whole collection, one per format the registry marks `siteExport`. */
import { siteExports } from '../formats/registry.js'
import type { Download } from '../render/document.js'

export const DOWNLOADS: readonly Download[] = siteExports().map(({ siteExport: { path, label, note } }) => ({
  path,
  label,
  note,
}))
