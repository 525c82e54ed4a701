import { describe, expect, it } from 'vitest'
import { createPoliteness } from '../../src/links/politeness.js'

describe('createPoliteness', () => {
  it("should give a URL's follow-up its turn before the host's new URLs", async () => {
    const politeness = createPoliteness({ concurrency: 4, perHost: 1, rate: Infinity })
    const order: string[] = []
    const take = (name: string, followUp = false) =>
      politeness.turn('127.0.0.1:80', followUp).then((end) => {
        order.push(name)
        return end
      })
    const endFirst = await take('first')
    const later = [take('second'), take('third'), take('follow-up', true)]
    endFirst()
    ;(await later[2]!)()
    ;(await later[0]!)()
    ;(await later[1]!)()
    expect(order).toEqual(['first', 'follow-up', 'second', 'third'])
    politeness.close()
  })

  it('should keep hosts apart, and reject the turns still waiting when aborted', async () => {
    const controller = new AbortController()
    const politeness = createPoliteness({
      concurrency: 4,
      perHost: 1,
      rate: Infinity,
      signal: controller.signal,
    })
    const endA = await politeness.turn('10.0.0.1:80')
    const endB = await politeness.turn('10.0.0.2:80')
    const waiting = politeness.turn('10.0.0.1:80')
    controller.abort(new Error('stopped'))
    await expect(waiting).rejects.toThrow('stopped')
    await expect(politeness.turn('10.0.0.2:80')).rejects.toThrow('stopped')
    endA()
    endB()
  })
})
