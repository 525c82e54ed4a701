/**
 * `ownStrings`: a parsed collection's strings copied off the source text, equal to what they were,
 * so that nothing made from the collection changes.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseSource } from '../../../src/formats/index.js'
import { ownString, ownStrings } from '../../../src/formats/shared/own-strings.js'
import { REPO_ROOT } from '../../helpers.js'

const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures')

describe('ownStrings', () => {
  it('should leave every collection of the Netscape and XBEL fixtures as it was', () => {
    for (const kind of ['netscape', 'xbel']) {
      for (const name of readdirSync(path.join(FIXTURES, kind))) {
        const bytes = readFileSync(path.join(FIXTURES, kind, name))
        let expected
        try {
          expected = parseSource(bytes, name)
        } catch {
          continue // a fixture that is refused
        }
        const owned = ownStrings(parseSource(bytes, name))
        expect(owned, `${kind}/${name}`).toEqual(expected)
      }
    }
  })

  it('should copy strings of any width, and pass by frozen objects, maps and bytes', () => {
    const text = 'Über 北京 and a long enough title'
    expect(ownString(text)).toBe(text)
    expect(ownString('https://example.com/a-long-path')).toBe('https://example.com/a-long-path')
    expect(ownString('short')).toBe('short')
    const frozen = Object.freeze({ title: 'a frozen title, left as it is' })
    const collection = {
      format: 'netscape',
      file: 'a.html',
      title: 'a title long enough to be a slice',
      root: {
        type: 'folder',
        title: '',
        children: [frozen, { map: new Map([[1, 'x']]), bytes: new Uint8Array(3) }],
      },
      warnings: [],
    }
    const copy = structuredClone(collection)
    copy.root.children[0] = frozen
    expect(ownStrings(copy as never)).toEqual(collection)
  })
})
