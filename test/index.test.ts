import { describe, expect, it } from 'vitest'
import * as api from '../src/index.js'

describe('public API', () => {
  it('should expose exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'BookgenError',
      'FORMATS',
      'build',
      'collectionToJson',
      'countNodes',
      'defineConfig',
      'formatNamed',
      'loadConfigFile',
      'normalizeBase',
      'parseSource',
      'resolveConfig',
      'sniffFormat',
      'walk',
      'writableFormats',
    ])
  })
})
