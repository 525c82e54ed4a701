/**
 * htmlparser2's tokenizer, loaded on its own. The package's entry point also loads its parser,
 * domhandler and domutils, which the Netscape reader does not use: about 25 ms at every start of
 * every thread that reads a source (the command line, and the site-files worker). The tokenizer's
 * module is imported from beside the entry point; should a release move it, the entry point is
 * used instead.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Tokenizer as HtmlTokenizer } from 'htmlparser2'

async function load(): Promise<{ Tokenizer: typeof HtmlTokenizer; from: 'module' | 'entry point' }> {
  try {
    const entry = createRequire(import.meta.url).resolve('htmlparser2')
    const module = (await import(pathToFileURL(path.join(path.dirname(entry), 'Tokenizer.js')).href)) as {
      default?: unknown
    }
    if (typeof module.default === 'function')
      return { Tokenizer: module.default as typeof HtmlTokenizer, from: 'module' }
  } catch {
    // Not where it was: the entry point has it too.
  }
  return { Tokenizer: (await import('htmlparser2')).Tokenizer, from: 'entry point' }
}

const loaded = await load()
export const Tokenizer = loaded.Tokenizer
/** Where the tokenizer was loaded from (a test checks that it is the module alone). */
export const tokenizerLoadedFrom = loaded.from
