/** Text from a source on its way into a page: see `model/text.ts` (the history uses it too). */
export { cleanText } from '../model/text.js'
