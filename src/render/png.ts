/**
 * A PNG encoder for the app icons: 8-bit palette colour with alpha (a quarter of RGBA's bytes to
 * deflate: a build makes three icons, one of the larger costs of a small site), no interlacing,
 * every row unfiltered, deflated with fflate (the same bytes on every machine, so a build stays
 * reproducible). Pure.
 */
import { crc32 } from 'node:zlib'
import { zlibSync } from 'fflate'

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

/**
 * A PNG of `width` × `height` pixels, each an index into `palette` (one byte a pixel, row by row),
 * whose colours are `[red, green, blue, alpha]`.
 */
export function encodePng(
  width: number,
  height: number,
  pixels: Uint8Array,
  palette: ReadonlyArray<readonly number[]>,
): Uint8Array {
  if (pixels.length !== width * height) throw new RangeError('encodePng: one byte a pixel')
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
      Uint8Array.from(palette, (colour) => colour[3]!),
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
function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length)
  const view = new DataView(bytes.buffer)
  view.setUint32(0, data.length)
  for (let index = 0; index < 4; index++) bytes[4 + index] = type.charCodeAt(index)
  bytes.set(data, 8)
  view.setUint32(8 + data.length, crc32(bytes.subarray(4, 8 + data.length)))
  return bytes
}
