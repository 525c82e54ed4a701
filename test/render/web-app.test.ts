/** The web app manifest and its icons, drawn from the site's title (`offline`). */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { crc32, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import * as webApp from '../../src/render/web-app.js'
import { APP_COLOURS, appIconAssets, glyphOf, shortName, webAppFiles } from '../../src/render/web-app.js'
import { resolveAsset } from '../../src/build/staging-writer.js'
import { drawIcons } from '../../scripts/app-icons.mjs'

/** A palette PNG's size and RGBA pixels, every chunk's CRC checked (what an image viewer does first). */
function decodePng(bytes: Uint8Array): {
  width: number
  height: number
  pixel(x: number, y: number): number[]
} {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const data: Uint8Array[] = []
  let width = 0
  let height = 0
  let colours: Uint8Array = new Uint8Array()
  let alphas: Uint8Array = new Uint8Array()
  for (let at = 8; at < bytes.length;) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    const body = bytes.subarray(at + 8, at + 8 + length)
    expect(view.getUint32(at + 8 + length), `${type} CRC`).toBe(
      crc32(bytes.subarray(at + 4, at + 8 + length)),
    )
    if (type === 'IHDR') {
      width = view.getUint32(at + 8)
      height = view.getUint32(at + 12)
      expect([...body.subarray(8)]).toEqual([8, 3, 0, 0, 0])
    }
    if (type === 'PLTE') colours = body
    if (type === 'tRNS') alphas = body
    if (type === 'IDAT') data.push(body)
    at += 12 + length
  }
  const rows = inflateSync(Buffer.concat(data))
  expect(rows.length).toBe(height * (width + 1))
  return {
    width,
    height,
    pixel: (x, y) => {
      expect(rows[y * (width + 1)]).toBe(0)
      const index = rows[y * (width + 1) + 1 + x]!
      expect(index * 3 + 3).toBeLessThanOrEqual(colours.length)
      return [...colours.subarray(index * 3, index * 3 + 3), alphas[index] ?? 255]
    },
  }
}

// The manifest, the SVG icon and the PNG icons' files, as a build writes them.
const files = () =>
  new Map<string, string | Uint8Array>([
    ...webAppFiles({ siteTitle: 'Élan links', description: 'Mine', lang: 'fr' }).map(
      (file) => [file.path, file.contents] as const,
    ),
    ...appIconAssets('Élan links').map((asset) => [asset.path, readFileSync(resolveAsset(asset))] as const),
  ])

describe('the web app manifest and icons', () => {
  it('should describe the site under its base, whatever path it is served from', () => {
    const manifest = JSON.parse(files().get('manifest.webmanifest') as string) as Record<string, unknown>
    expect(manifest).toMatchObject({
      name: 'Élan links',
      short_name: 'Élan links',
      description: 'Mine',
      lang: 'fr',
      start_url: './',
      scope: './',
      id: './',
      display: 'standalone',
      theme_color: APP_COLOURS.light,
      background_color: APP_COLOURS.light,
    })
    const icons = manifest['icons'] as Array<Record<string, string>>
    expect(icons.map((icon) => [icon.src, icon.sizes, icon.purpose])).toEqual([
      ['assets/app-icon.svg', 'any', 'any'],
      ['assets/app-icon-192.png', '192x192', 'any'],
      ['assets/app-icon-512.png', '512x512', 'any'],
      ['assets/app-icon-maskable-512.png', '512x512', 'maskable'],
    ])
    for (const icon of icons) expect(files().has(icon.src!), icon.src).toBe(true)
  })

  it('should draw PNG icons of the sizes they claim: a white letter on the accent, rounded or full bleed', () => {
    const accent = [0x1f, 0x5f, 0xbf, 255]
    for (const [path, size, corner] of [
      ['assets/app-icon-192.png', 192, 0],
      ['assets/app-icon-512.png', 512, 0],
      ['assets/app-icon-maskable-512.png', 512, 255],
    ] as const) {
      const png = decodePng(files().get(path) as Uint8Array)
      expect([png.width, png.height]).toEqual([size, size])
      // A rounded icon's corner is transparent; a maskable one is the accent to its edges.
      expect(png.pixel(0, 0)[3], path).toBe(corner)
      expect(png.pixel(size >> 1, 2), path).toEqual(accent)
      // The E's top bar and its stem are white; the gap between its bars is not.
      const glyph = glyphOf('E')
      expect(glyph[0]).toEqual([true, true, true, true, true])
      const whites = [...Array(size).keys()].filter(
        (x) => png.pixel(x, size >> 1).join() === '255,255,255,255',
      )
      expect(whites.length, path).toBeGreaterThan(size / 10)
    }
    const svg = files().get('assets/app-icon.svg') as string
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 512 512"><rect [^>]*fill="#1f5fbf"\/><path fill="#fff" d="M/,
    )
  })

  it("should take the title's first letter or digit, without accents, else a bookmark", () => {
    expect(glyphOf('élan')).toEqual(glyphOf('E'))
    expect(glyphOf('  42 links')).toEqual(glyphOf('4'))
    expect(glyphOf('Лес')).toEqual(glyphOf('日本'))
    expect(glyphOf('Лес')).not.toEqual(glyphOf('L'))
  })

  it('should give a home screen name of at most 12 characters', () => {
    expect(shortName('Bookmarks')).toBe('Bookmarks')
    expect(shortName("Alice's reading list")).toBe("Alice's")
    expect(shortName('Lesezeichensammlung 2024')).toBe('Lesezeichen…')
  })

  it("should ship the PNG icons of every glyph as the icons' script draws them", () => {
    const dir = path.dirname(resolveAsset(appIconAssets('A')[0]!))
    const names = Object.keys(webApp.FONT)
    const sizes = ['192', '512', 'maskable-512']
    expect(readdirSync(dir).sort()).toEqual(
      names.flatMap((name) => sizes.map((size) => `${name}-${size}.png`)).sort(),
    )
    // Three glyphs drawn again (all 111 icons take seconds): a change of design shows in any.
    for (const name of ['E', '7', 'bookmark'])
      for (const [file, bytes] of drawIcons(webApp, name))
        expect(readFileSync(path.join(dir, file)).equals(bytes), file).toBe(true)
    expect(appIconAssets('Лес')[0]!.source).toBe('default/app-icons/bookmark-192.png')
  })

  it('should give the same bytes for the same title', () => {
    const made = () =>
      webAppFiles({ siteTitle: 'Élan links', description: 'Mine', lang: 'fr' }).map((file) => file.contents)
    expect(made()).toEqual(made())
    expect(appIconAssets('élan')).toEqual(appIconAssets('Ever'))
  })
})
