/**
 * What a writer had to leave out or change, counted per field: one `convert/lost-field` warning
 * per field, at the first item it happened to.
 */
import type { Message } from '../../model/message.js'
import type { Place } from '../../model/tree.js'

export class Losses {
  private readonly byField = new Map<string, { count: number; place: Place | undefined; message: string }>()

  add(field: string, place: Place | undefined, message: string, count = 1): void {
    const loss = this.byField.get(field)
    if (loss === undefined) this.byField.set(field, { count, place, message })
    else loss.count += count
  }

  /** One warning per field: `${lead} ${message}: N items`, then ` lost ${field}` if `naming`. */
  warnings(file: string, lead: string, naming: boolean): Message[] {
    return [...this.byField].map(([field, { count, place, message }]) => ({
      file,
      line: place?.line ?? 1,
      column: place?.column ?? 1,
      rule: 'convert/lost-field',
      message: `${lead} ${message}: ${count} item${count === 1 ? '' : 's'}${naming ? ` lost ${field}` : ''}`,
    }))
  }
}
