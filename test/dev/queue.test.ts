import { describe, expect, it } from 'vitest'
import { createRebuildQueue } from '../../src/dev/queue.js'

/** A promise and its resolver, to hold a build open. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}

describe('createRebuildQueue', () => {
  it('should coalesce a burst of changes into one build', async () => {
    const batches: string[][] = []
    const queue = createRebuildQueue(async (changed) => {
      batches.push([...changed].sort())
    })
    await Promise.all([queue.push('a'), queue.push('b'), queue.push('a')])
    expect(batches).toEqual([['a', 'b']])
  })

  it('should run one build at a time and batch changes made during a build into the next', async () => {
    const batches: string[][] = []
    const first = gate()
    let running = 0
    let overlapped = false
    const queue = createRebuildQueue(
      async (changed) => {
        running++
        if (running > 1) overlapped = true
        batches.push([...changed].sort())
        if (batches.length === 1) await first.promise
        running--
      },
      { debounceMs: 1 },
    )
    const done1 = queue.push('first')
    await new Promise((resolve) => setTimeout(resolve, 10)) // the first build is now running
    const done2 = queue.push('x')
    const done3 = queue.push('y')
    first.open()
    await Promise.all([done1, done2, done3])
    expect(batches).toEqual([['first'], ['x', 'y']])
    expect(overlapped).toBe(false)
  })

  it('should keep going after a failed build', async () => {
    const batches: string[][] = []
    const errors: unknown[] = []
    const queue = createRebuildQueue(
      async (changed) => {
        batches.push([...changed])
        if (changed.has('bad')) throw new Error('broken')
      },
      { debounceMs: 1, onError: (error) => errors.push(error) },
    )
    await queue.push('bad')
    await queue.push('good')
    await queue.idle()
    expect(batches).toEqual([['bad'], ['good']])
    expect(errors).toEqual([new Error('broken')])
  })

  it('should drop pending changes on close() and resolve once the running build has finished', async () => {
    const batches: string[][] = []
    const first = gate()
    let finished = false
    const queue = createRebuildQueue(
      async (changed) => {
        batches.push([...changed])
        await first.promise
        finished = true
      },
      { debounceMs: 1 },
    )
    void queue.push('first')
    await new Promise((resolve) => setTimeout(resolve, 10)) // the first build is now running
    const dropped = queue.push('second')
    const closed = queue.close()
    first.open()
    await closed
    expect(finished).toBe(true)
    await dropped
    await queue.push('after close')
    await queue.idle()
    expect(batches).toEqual([['first']])
  })
})
