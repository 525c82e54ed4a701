import { describe, expect, it } from 'vitest'
import { publishedUrls } from '../../src/publish/published-urls.js'
import { parseText } from '../helpers.js'

const publish = { private: false, fileUrls: false, placeUrls: false, exec: false }
const none = { publish, private: undefined, title: undefined, merge: false }

const source = parseText(
  `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><A HREF="https://a.example/">A</A>
<DT><A HREF="https://secret.example/" PRIVATE="1">Secret</A>
<DT><A HREF="file:///home/me/x.txt">File</A>
<DT><A HREF="place:sort=8">Recent</A>
<DT><H3>Sub</H3>
<DL><p>
<DT><A HREF="https://a.example/">A again</A>
<DT><A HREF="javascript:void(0)">Bookmarklet</A>
</DL><p>
</DL><p>
`,
  'bookmarks.html',
)

describe('publishedUrls', () => {
  it('should give each published URL once, with where it was first bookmarked', () => {
    const urls = publishedUrls([source], none)
    expect([...urls.keys()]).toEqual(['https://a.example/', 'javascript:void(0)'])
    expect(urls.get('https://a.example/')).toMatchObject({ file: 'bookmarks.html', line: 3 })
  })

  it('should include private, file: and place: bookmarks only when the config publishes them', () => {
    const urls = publishedUrls([source], {
      ...none,
      publish: { ...publish, private: true, fileUrls: true, placeUrls: true },
    })
    expect([...urls.keys()]).toEqual([
      'https://a.example/',
      'https://secret.example/',
      'file:///home/me/x.txt',
      'place:sort=8',
      'javascript:void(0)',
    ])
  })

  it('should leave out the private section: its folders and tags too, as the site does', () => {
    const urls = publishedUrls([source], {
      ...none,
      private: { folders: [['Sub']], tags: [], passphraseEnv: 'BOOKGEN_PASSPHRASE' },
    })
    expect([...urls.keys()]).toEqual(['https://a.example/'])
    expect(urls.get('https://a.example/')).toMatchObject({ line: 3 })
  })
})
