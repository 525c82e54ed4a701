/**
 * bookgen's public API. The CLI is one caller of it; everything else is internal.
 */
export { defineConfig, resolveConfig, normalizeBase } from './config/options.js'
export type {
  ConfigEnv,
  InlineConfig,
  ResolvedConfig,
  SourceOptions,
  UserConfig,
  UserConfigExport,
  UserConfigFn,
} from './config/options.js'
export { loadConfigFile } from './config/load.js'
export { BookgenError } from './model/errors.js'
export type { Message } from './model/message.js'
export { collectionToJson } from './model/tree-json.js'
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
  XmlElement,
  XmlNode,
} from './model/tree.js'
export { countNodes, walk } from './model/tree.js'
export { build } from './build/index.js'
export type { BuildOptions, BuildResult } from './build/index.js'
export { parseSource, sniffFormat } from './formats/index.js'
export { FORMATS, formatNamed, writableFormats } from './formats/registry.js'
export type { FormatEntry, SiteExport, SniffHead, SourceInput } from './formats/types.js'
