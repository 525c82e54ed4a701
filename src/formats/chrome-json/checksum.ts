/**
 * The `checksum` of a Chromium `Bookmarks` file, as `components/bookmarks/browser/bookmark_codec.cc`
 * computes it: one MD5 over every node of the three roots in document order (a folder before its
 * children), fed the node's id (ASCII digits), its title as UTF-16 code units in little-endian
 * order (Chromium hashes the `std::u16string`'s memory), then `url` and the URL's UTF-8 bytes, or
 * `folder`. Lower-case hex. Older Chromium reassigned every id when the stored checksum differed;
 * newer versions only write it.
 */
import { createHash, type Hash } from 'node:crypto'

export class ChromeChecksum {
  private readonly md5: Hash = createHash('md5')

  /** A bookmark (`type: "url"`). */
  url(id: string, title: string, url: string): void {
    this.md5.update(id, 'utf8')
    this.md5.update(title, 'utf16le')
    this.md5.update('url', 'utf8')
    this.md5.update(url, 'utf8')
  }

  /** A folder, before its children. */
  folder(id: string, title: string): void {
    this.md5.update(id, 'utf8')
    this.md5.update(title, 'utf16le')
    this.md5.update('folder', 'utf8')
  }

  /** The checksum as the file stores it. */
  digest(): string {
    return this.md5.digest('hex')
  }
}
