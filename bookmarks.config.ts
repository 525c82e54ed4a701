// bookgen's own config: builds the example site (the README's quick start runs `npx bookgen build`).
import { defineConfig } from 'bookgen'

export default defineConfig({
  sources: ['example/bookmarks.html', 'example/reading-list.xbel'],
  outDir: 'site',
  title: 'Example bookmarks',
  description: 'A sample collection built by bookgen from a browser export and an XBEL reading list.',
})
