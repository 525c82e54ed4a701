import { Tokenizer as FromEntryPoint } from 'htmlparser2'
import { describe, expect, it } from 'vitest'
import { Tokenizer, tokenizerLoadedFrom } from '../../../src/formats/netscape/tokenizer.js'

describe("htmlparser2's tokenizer, loaded on its own", () => {
  it('should be the very class the package exports, from its own module (not the whole package)', () => {
    expect(Tokenizer).toBe(FromEntryPoint)
    // Fails when an htmlparser2 release moves the module: the reader then loads the whole package (slower, still right).
    expect(tokenizerLoadedFrom).toBe('module')
  })
})
