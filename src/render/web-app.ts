/**
 * What makes the site an installable web app (the config's `offline`): its manifest
 * (`manifest.webmanifest`) and its icons, a monogram of the site's title — its first letter or
 * digit, drawn from a 5×7 pixel font in white on the theme's accent colour — as SVG and as PNG at
 * 192 and 512 pixels (what Chromium's install criteria ask for), square with rounded corners, and a
 * full-bleed maskable one whose letter stays inside the safe zone. Pure: the same title gives the
 * same bytes.
 */
import type { AssetCopy, OutputFile } from '../model/output.js'
import { cleanText } from './text.js'

/** The manifest, below the base. */
export const MANIFEST_PATH = 'manifest.webmanifest'

/** The theme's colours (templates/default/style.css): the accent, and the page of each scheme. */
export const APP_COLOURS = Object.freeze({
  accent: '#1f5fbf',
  light: '#fdfdfc',
  dark: '#16181b',
})

/** The icons, below the base: the SVG, the two PNG sizes, and the maskable one. */
export const APP_ICONS = Object.freeze({
  svg: 'assets/app-icon.svg',
  small: 'assets/app-icon-192.png',
  large: 'assets/app-icon-512.png',
  maskable: 'assets/app-icon-maskable-512.png',
})

/** Longest `short_name` (what a home screen shows under the icon). */
const SHORT_NAME_LENGTH = 12

/** The title the app goes by. */
function appTitle(siteTitle: string): string {
  return cleanText(siteTitle).trim() || 'Bookmarks'
}

/** The manifest and the SVG icon of a site titled `title`. */
export function webAppFiles(site: {
  siteTitle: string
  description?: string | undefined
  lang: string
}): OutputFile[] {
  const title = appTitle(site.siteTitle)
  return [
    { path: MANIFEST_PATH, contents: manifestText(title, site.description, site.lang) },
    { path: APP_ICONS.svg, contents: iconSvg(glyphOf(title)) },
  ]
}

/**
 * The PNG icons of a site titled `siteTitle`: drawn in advance for every glyph by
 * `scripts/app-icons.mjs` (deflating them took a small build a tenth of a second), below `templates/`.
 */
export function appIconAssets(siteTitle: string): AssetCopy[] {
  const name = glyphName(appTitle(siteTitle))
  return [
    { path: APP_ICONS.small, source: `default/app-icons/${name}-192.png` },
    { path: APP_ICONS.large, source: `default/app-icons/${name}-512.png` },
    { path: APP_ICONS.maskable, source: `default/app-icons/${name}-maskable-512.png` },
  ]
}

/**
 * The manifest. Its URLs are relative to it, so the site installs from any base path and after a
 * move. Its colours are the light scheme's; the pages' `theme-color` metas carry both schemes.
 */
function manifestText(title: string, description: string | undefined, lang: string): string {
  const manifest = {
    id: './',
    name: title,
    short_name: shortName(title),
    ...(description === undefined || description === '' ? {} : { description: cleanText(description) }),
    lang,
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: APP_COLOURS.light,
    theme_color: APP_COLOURS.light,
    icons: [
      { src: APP_ICONS.svg, type: 'image/svg+xml', sizes: 'any', purpose: 'any' },
      { src: APP_ICONS.small, type: 'image/png', sizes: '192x192', purpose: 'any' },
      { src: APP_ICONS.large, type: 'image/png', sizes: '512x512', purpose: 'any' },
      { src: APP_ICONS.maskable, type: 'image/png', sizes: '512x512', purpose: 'maskable' },
    ],
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}

/** The title, or its first word, or its start, in at most `SHORT_NAME_LENGTH` characters. */
export function shortName(title: string): string {
  const characters = [...title]
  if (characters.length <= SHORT_NAME_LENGTH) return title
  const word = title.split(/\s+/)[0] ?? ''
  if (word !== '' && [...word].length <= SHORT_NAME_LENGTH) return word
  return `${characters.slice(0, SHORT_NAME_LENGTH - 1).join('')}…`
}

// A 5×7 pixel font: the capital letters, the digits, and a bookmark for a title without either.
export const FONT: Readonly<Record<string, string>> = {
  A: '.###. #...# #...# ##### #...# #...# #...#',
  B: '####. #...# #...# ####. #...# #...# ####.',
  C: '.###. #...# #.... #.... #.... #...# .###.',
  D: '####. #...# #...# #...# #...# #...# ####.',
  E: '##### #.... #.... ####. #.... #.... #####',
  F: '##### #.... #.... ####. #.... #.... #....',
  G: '.###. #...# #.... #.### #...# #...# .####',
  H: '#...# #...# #...# ##### #...# #...# #...#',
  I: '.###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.',
  J: '..### ...#. ...#. ...#. ...#. #..#. .##..',
  K: '#...# #..#. #.#.. ##... #.#.. #..#. #...#',
  L: '#.... #.... #.... #.... #.... #.... #####',
  M: '#...# ##.## #.#.# #.#.# #...# #...# #...#',
  N: '#...# #...# ##..# #.#.# #..## #...# #...#',
  O: '.###. #...# #...# #...# #...# #...# .###.',
  P: '####. #...# #...# ####. #.... #.... #....',
  Q: '.###. #...# #...# #...# #.#.# #..#. .##.#',
  R: '####. #...# #...# ####. #.#.. #..#. #...#',
  S: '.#### #.... #.... .###. ....# ....# ####.',
  T: '##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..',
  U: '#...# #...# #...# #...# #...# #...# .###.',
  V: '#...# #...# #...# #...# #...# .#.#. ..#..',
  W: '#...# #...# #...# #.#.# #.#.# #.#.# .#.#.',
  X: '#...# #...# .#.#. ..#.. .#.#. #...# #...#',
  Y: '#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..',
  Z: '##### ....# ...#. ..#.. .#... #.... #####',
  '0': '.###. #...# #..## #.#.# ##..# #...# .###.',
  '1': '..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.',
  '2': '.###. #...# ....# ...#. ..#.. .#... #####',
  '3': '##### ...#. ..#.. ...#. ....# #...# .###.',
  '4': '...#. ..##. .#.#. #..#. ##### ...#. ...#.',
  '5': '##### #.... ####. ....# ....# #...# .###.',
  '6': '..##. .#... #.... ####. #...# #...# .###.',
  '7': '##### ....# ...#. ..#.. .#... .#... .#...',
  '8': '.###. #...# #...# .###. #...# #...# .###.',
  '9': '.###. #...# #...# .#### ....# ...#. .##..',
  bookmark: '##### ##### ##### ##### ##### ##.## #...#',
}
const GLYPH_WIDTH = 5
const GLYPH_HEIGHT = 7

/** A glyph: its pixels, row by row (true where it is drawn). */
export type Glyph = boolean[][]

/**
 * The name in `FONT` of a title's first letter or digit: accents dropped (`É` is `E`), lower case
 * raised; a title whose first letter has no glyph (another script) gets the bookmark.
 */
export function glyphName(title: string): string {
  const first = /[\p{L}\p{N}]/u.exec(title.normalize('NFD'))?.[0]?.toUpperCase() ?? ''
  return FONT[first] === undefined ? 'bookmark' : first
}

/** The glyph `glyphName` names for `title`. */
export function glyphOf(title: string): Glyph {
  return FONT[glyphName(title)]!.split(' ').map((row) => [...row].map((pixel) => pixel === '#'))
}

/** Where the glyph goes on a square of `size`: the size of its pixels and its top left corner. */
export function layout(size: number, cell: number): { cell: number; left: number; top: number } {
  return {
    cell,
    left: Math.round((size - GLYPH_WIDTH * cell) / 2),
    top: Math.round((size - GLYPH_HEIGHT * cell) / 2),
  }
}

/** Corner radius of the `any` icons, as a share of their size. */
export const CORNER = 0.18
/** A glyph pixel's size on the `any` icons and, inside the safe zone (a circle of 0.4), the maskable one. */
export const CELL = { any: 0.09, maskable: 0.075 }

/** The SVG icon (512 units square, rounded). */
function iconSvg(glyph: Glyph): string {
  const size = 512
  const { cell, left, top } = layout(size, Math.round(size * CELL.any))
  let path = ''
  glyph.forEach((row, y) =>
    row.forEach((on, x) => {
      if (on) path += `M${left + x * cell} ${top + y * cell}h${cell}v${cell}h-${cell}z`
    }),
  )
  const radius = Math.round(size * CORNER)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="${APP_COLOURS.accent}"/><path fill="#fff" d="${path}"/></svg>\n`
}
