import { setImmediate as nextTask } from 'node:timers/promises'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { collectGarbage } from '../../src/build/collect.js'

describe('collectGarbage', () => {
  it('should free what nothing refers to any more, at once', async () => {
    const ref = new WeakRef({ bytes: new Uint8Array(1 << 20) })
    // A WeakRef keeps its target until the task that made it ends.
    await nextTask()
    expect(collectGarbage()).toBe(true)
    expect(ref.deref()).toBeUndefined()
  })

  it('should leave no `gc` in contexts made after it', () => {
    collectGarbage()
    expect(runInNewContext('typeof gc')).toBe('undefined')
  })
})
