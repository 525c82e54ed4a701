import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { CheckProgress, CheckSummary } from '../../src/links/check.js'
import { createCheckProgress, formatSummary, progressLine } from '../../src/links/progress.js'

const entry = { state: 'alive', status: 200, checkedAt: 0, failures: 0 } as const
const event = (done: number, total: number): CheckProgress => ({
  done,
  total,
  url: `https://a/${done}`,
  entry,
})

describe('createCheckProgress without a terminal', () => {
  it('should print a line once per interval, and leave the end to the summary', () => {
    let time = 0
    const lines: string[] = []
    const progress = createCheckProgress({
      total: 5,
      isTTY: false,
      out: (line) => lines.push(line),
      intervalMs: 10_000,
      clock: () => time,
    })
    for (const [done, at] of [
      [1, 1000],
      [2, 9000],
      [3, 12_000],
      [4, 13_000],
      [5, 14_000],
    ] as const) {
      time = at
      progress.update(event(done, 5))
    }
    progress.stop()
    expect(lines).toEqual(['Checked 3 of 5 links (0.3/s, about 8 s left)'])
  })

  it('should draw no bar on a stream that is not a terminal', () => {
    const stream = new PassThrough()
    const lines: string[] = []
    const progress = createCheckProgress({
      total: 2,
      isTTY: false,
      stream,
      out: (line) => lines.push(line),
      intervalMs: 0,
    })
    progress.update(event(1, 2))
    progress.stop()
    expect(stream.read()).toBeNull()
    expect(lines).toHaveLength(1)
  })
})

describe('createCheckProgress on a terminal', () => {
  it('should draw a bar with the count, the rate and the time left', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100 })
    const lines: string[] = []
    let time = 0
    const progress = createCheckProgress({
      total: 4,
      isTTY: true,
      stream,
      out: (line) => lines.push(line),
      clock: () => time,
    })
    for (let done = 1; done <= 4; done++) {
      time = done * 500
      progress.update(event(done, 4))
    }
    progress.stop()
    const drawn = String(stream.read())
    expect(drawn).toContain('Checking links')
    expect(drawn).toContain('4/4')
    expect(drawn).toContain('2.0/s')
    expect(drawn).toContain('ETA')
    expect(lines).toEqual([])
  })
})

describe('formatSummary', () => {
  const summary: CheckSummary = {
    total: 12,
    checked: 5,
    fresh: 4,
    notDead: 0,
    unchecked: 0,
    left: 0,
    ignored: 2,
    alive: 8,
    redirected: 1,
    unknown: 2,
    dead: 1,
  }

  it('should give the states, then what was skipped and why', () => {
    expect(formatSummary(summary, { maxAge: 7 * 86_400_000, onlyDead: false, elapsedMs: 2500 })).toEqual([
      '12 links: 8 alive, 1 redirected, 2 unknown, 1 dead',
      'Checked 5 links in 3 s',
      'Skipped 4 links checked within 7 days (--max-age)',
      '2 URLs not http(s), not checked',
    ])
  })

  it('should say what --only-dead passed over and what was never checked', () => {
    const lines = formatSummary(
      { ...summary, fresh: 0, notDead: 1, unchecked: 3, ignored: 0 },
      { maxAge: 0, onlyDead: true },
    )
    expect(lines.slice(1)).toEqual([
      'Checked 5 links',
      'Skipped 1 link that is not dead (--only-dead)',
      '3 links never checked yet',
    ])
  })
})

describe('progressLine', () => {
  it('should give the rate and the time left', () => {
    expect(progressLine(120, 1000, 10_000)).toBe('Checked 120 of 1000 links (12.0/s, about 1 min 13 s left)')
    expect(progressLine(0, 10, 0)).toBe('Checked 0 of 10 links (0.0/s)')
  })
})
