/** Placing JSON syntax errors: the scan agrees with JSON.parse on what is JSON, and finds the first bad character. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseJson } from '../../../src/formats/shared/json.js'
import { findJsonError } from '../../../src/formats/shared/json-scan.js'
import { isBookgenError } from '../../../src/model/errors.js'

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300)

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

describe('findJsonError', () => {
  it('should find nothing wrong in JSON, and the first bad character otherwise', () => {
    expect(findJsonError('{"a": [1, -2.5e3, true, null, "x\\u00e9"], "b": {}}')).toBeUndefined()
    expect(findJsonError('{"roots": {"bookmark_bar": }}')).toEqual({
      offset: 27,
      reason: 'expected a value, found "}"',
    })
    expect(findJsonError('[1,]')?.offset).toBe(3)
    expect(findJsonError('{"a":1,}')?.offset).toBe(7)
    expect(findJsonError('{"a" 1}')?.offset).toBe(5)
    expect(findJsonError('"tab\there"')?.reason).toContain('U+0009')
    expect(findJsonError('[1] x')?.offset).toBe(4)
    expect(findJsonError('{"a": [')).toEqual({ offset: 7, reason: 'the text ends before its JSON does' })
  })

  it('should agree with JSON.parse on mutated JSON', () => {
    const json = fc.json({ maxDepth: 4 })
    fc.assert(
      fc.property(json, fc.nat(), fc.string({ maxLength: 3 }), fc.boolean(), (text, at, insert, cut) => {
        const position = text.length === 0 ? 0 : at % text.length
        const mutated = cut
          ? text.slice(0, position)
          : text.slice(0, position) + insert + text.slice(position)
        expect(findJsonError(mutated) === undefined).toBe(isJson(mutated))
      }),
      { numRuns: RUNS },
    )
  })

  it('should place parse errors at the character, line and column', () => {
    try {
      parseJson('{\n  "a": 1,\n  "b": tru\n}', 'x.json', 'test/syntax')
      expect.unreachable()
    } catch (error) {
      expect(isBookgenError(error) && error.format()).toBe(
        'x.json:3:8: Not valid JSON: expected a value, found "t" [test/syntax]',
      )
    }
  })
})
