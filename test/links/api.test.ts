import { describe, expect, it } from 'vitest'
import * as links from '../../src/links.js'

describe('src/links public API', () => {
  it('should export exactly these names', () => {
    expect(Object.keys(links).sort()).toEqual([
      'CHECK_EXIT_DEAD',
      'CHECK_EXIT_INTERRUPTED',
      'CHECK_EXIT_OK',
      'DEFAULT_USER_AGENT',
      'LINK_STORE_NAME',
      'PROJECT_URL',
      'checkDefaults',
      'checkLinks',
      'classifyProbe',
      'createCheckProgress',
      'defaultStoreFile',
      'emptyStore',
      'formatDuration',
      'formatSummary',
      'isCheckableUrl',
      'isDead',
      'isDue',
      'nextEntry',
      'parseDuration',
      'parseLinkStore',
      'pruneStore',
      'publishedUrls',
      'readLinkStore',
      'readSiteLinks',
      'runCheck',
      'serializeLinkStore',
      'siteLinksOf',
      'waybackUrl',
      'writeLinkStore',
    ])
  })
})
