/**
 * Draws the app icons' PNGs (see `appIconAssets` in src/render/web-app.ts) for every glyph of its
 * font into templates/default/app-icons/: 8-bit palette colour with alpha, rows unfiltered,
 * deflated with fflate at level 9 (the same bytes on every machine). Run `npm run build` and then
 * `node scripts/app-icons.mjs` after changing the icons' design; a test checks the files are what
 * this draws.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { crc32 } from 'node:zlib'
import { zlibSync } from 'fflate'

/** The three PNGs of the glyph `name` of `app` (the web-app module), as `[file name, bytes]`. */
export function drawIcons(app, name) {
  const glyph = app.FONT[name].split(' ').map((row) => [...row].map((pixel) => pixel === '#'))
  return [
    [`${name}-192.png`, iconPng(app, glyph, 192, 'any')],
    [`${name}-512.png`, iconPng(app, glyph, 512, 'any')],
    [`${name}-maskable-512.png`, iconPng(app, glyph, 512, 'maskable')],
  ]
}

/** A PNG icon of `size` pixels: rounded (`any`, corners smoothed) or full-bleed (`maskable`). */
function iconPng(app, glyph, size, purpose) {
  const { cell, left, top } = app.layout(size, Math.round(size * app.CELL[purpose]))
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(app.APP_COLOURS.accent.slice(at, at + 2), 16))
  const radius = purpose === 'any' ? size * app.CORNER : 0
  // The accent, then white, each at the 17 alphas a pixel's 16 samples give (see `coverage`).
  const alphas = Array.from({ length: 17 }, (_, inside) => Math.round((255 * inside) / 16))
  const palette = [
    ...alphas.map((alpha) => [r, g, b, alpha]),
    ...alphas.map((alpha) => [255, 255, 255, alpha]),
  ]
  // The accent at full alpha, the corners smoothed, then the glyph's lit cells in white.
  const pixels = new Uint8Array(size * size).fill(16)
  const corner = Math.ceil(radius)
  for (let y = 0; y < size; y++) {
    if (y >= corner && y < size - corner) continue
    for (let x = 0; x < size; x++) {
      if (x === corner) x = Math.max(x, size - corner)
      pixels[y * size + x] = coverage(x, y, size, radius)
    }
  }
  glyph.forEach((row, gy) =>
    row.forEach((lit, gx) => {
      if (!lit) return
      for (let y = top + gy * cell; y < top + (gy + 1) * cell; y++)
        for (let x = left + gx * cell; x < left + (gx + 1) * cell; x++)
          pixels[y * size + x] = 17 + pixels[y * size + x]
    }),
  )
  return encodePng(size, size, pixels, palette)
}

/** How many of 4×4 samples of pixel (x, y) lie inside a square of `size` with corners of `radius`. */
function coverage(x, y, size, radius) {
  const nearX = Math.min(x, size - 1 - x)
  const nearY = Math.min(y, size - 1 - y)
  if (nearX >= radius || nearY >= radius) return 16
  let inside = 0
  for (let sy = 0; sy < 4; sy++) {
    for (let sx = 0; sx < 4; sx++) {
      const dx = radius - (nearX + (sx + 0.5) / 4)
      const dy = radius - (nearY + (sy + 0.5) / 4)
      if (dx <= 0 || dy <= 0 || dx * dx + dy * dy <= radius * radius) inside++
    }
  }
  return inside
}

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

/** A PNG of `width` × `height` pixels, each an index into `palette` (`[red, green, blue, alpha]`). */
function encodePng(width, height, pixels, palette) {
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  // Bit depth 8, colour type 3 (palette), compression, filter and interlace methods 0.
  header.set([8, 3, 0, 0, 0], 8)
  const rows = new Uint8Array(height * (width + 1))
  // Each row starts with its filter type, 0 (none).
  for (let y = 0; y < height; y++) rows.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1)
  const chunks = [
    chunk('IHDR', header),
    chunk('PLTE', Uint8Array.from(palette.flatMap((colour) => colour.slice(0, 3)))),
    chunk(
      'tRNS',
      Uint8Array.from(palette, (colour) => colour[3]),
    ),
    chunk('IDAT', zlibSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]
  const png = new Uint8Array(SIGNATURE.length + chunks.reduce((sum, part) => sum + part.length, 0))
  png.set(SIGNATURE)
  let offset = SIGNATURE.length
  for (const part of chunks) {
    png.set(part, offset)
    offset += part.length
  }
  return png
}

/** One chunk: its length, type, data and the CRC of type and data. */
function chunk(type, data) {
  const bytes = new Uint8Array(12 + data.length)
  const view = new DataView(bytes.buffer)
  view.setUint32(0, data.length)
  for (let index = 0; index < 4; index++) bytes[4 + index] = type.charCodeAt(index)
  bytes.set(data, 8)
  view.setUint32(8 + data.length, crc32(bytes.subarray(4, 8 + data.length)))
  return bytes
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const app = await import('../dist/render/web-app.js')
  const dir = new URL('../templates/default/app-icons/', import.meta.url)
  mkdirSync(dir, { recursive: true })
  for (const name of Object.keys(app.FONT))
    for (const [file, bytes] of drawIcons(app, name)) writeFileSync(new URL(file, dir), bytes)
}
