/**
 * bookgen's public API. The CLI is one caller of it; everything else is internal.
 */
export { defineConfig, resolveConfig, normalizeBase } from './config.js'
export type {
  ConfigEnv,
  InlineConfig,
  ResolvedConfig,
  UserConfig,
  UserConfigExport,
  UserConfigFn,
} from './config.js'
export { loadConfigFile } from './config-file.js'
export { BookgenError } from './errors.js'
export { collectionToJson } from './inspect.js'
export type {
  Alias,
  Application,
  Bookmark,
  Collection,
  DesktopIcon,
  Folder,
  Metadata,
  Node,
  Place,
  Separator,
  SourceFormat,
  Stats,
  Warning,
  XmlElement,
  XmlNode,
} from './model.js'
export { countNodes, walk } from './model.js'
export { build } from './site/build.js'
export type { BuildOptions, BuildResult } from './site/build.js'
export { parseNetscape, parseSource, parseXbel, sniffFormat } from './sources/index.js'
export { writeNetscape } from './writers/netscape.js'
export { writeXbel } from './writers/xbel.js'
