/**
 * (I/O: timers) Whose turn it is to send: so many requests at once in all and to one host, a
 * request to a host started no sooner than `1 / rate` seconds after the one before, and a host
 * that asked to wait (`Retry-After`) left alone until then. A host is whatever key the caller
 * gives (the link check gives the resolved address and port). Requests to one host take their
 * turns in the order they asked, a URL's follow-ups (the next redirect, `GET` after `HEAD`) before
 * new URLs, so that what is started gets finished; hosts take turns for the slots in all.
 */

export interface PolitenessOptions {
  /** Requests at once, over all hosts. */
  readonly concurrency: number
  /** Requests at once to one host. */
  readonly perHost: number
  /** Requests started per second to one host (`Infinity`: no spacing). */
  readonly rate: number
  /** Stops everything: every request waiting for its turn rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined
}

export interface Politeness {
  /**
   * Wait for a turn to send to `host` (before the new ones with `followUp`); resolves to the
   * function that ends the turn (call it once done).
   */
  turn(host: string, followUp?: boolean): Promise<() => void>
  /** Start nothing more to `host` for `ms` from now. */
  pause(host: string, ms: number): void
  /** Drop the timer; requests still waiting are never given a turn. */
  close(): void
}

interface Waiter {
  readonly resolve: (end: () => void) => void
  readonly reject: (reason: unknown) => void
}

interface Host {
  readonly queue: Waiter[]
  readonly followUps: Waiter[]
  running: number
  /** The earliest time (`performance.now()`) its next request may start. */
  nextStart: number
}

/** A turn-keeper with these limits. */
export function createPoliteness(options: PolitenessOptions): Politeness {
  const spacing = 1000 / options.rate
  const hosts = new Map<string, Host>()
  // Hosts with requests waiting, in the order they are served (a host served goes to the back).
  const waiting = new Map<string, Host>()
  let running = 0
  let timer: NodeJS.Timeout | undefined
  let closed = false

  const hostOf = (key: string): Host => {
    let host = hosts.get(key)
    if (host === undefined) hosts.set(key, (host = { queue: [], followUps: [], running: 0, nextStart: 0 }))
    return host
  }
  const endOf = (host: Host): (() => void) => {
    let ended = false
    return () => {
      if (ended) return
      ended = true
      host.running--
      running--
      // On the next turn of the event loop: the follow-up of the request that ends (its redirect,
      // say) is asked for by then, and goes first.
      serveSoon()
    }
  }
  let soon: NodeJS.Immediate | undefined
  const serveSoon = (): void => {
    soon ??= setImmediate(() => {
      soon = undefined
      serve()
    })
  }
  // Give every turn that can start now; wake up when the next one held back by time can.
  const serve = (): void => {
    if (closed) return
    clearTimeout(timer)
    timer = undefined
    const now = performance.now()
    let wake = Infinity
    for (const [key, host] of waiting) {
      if (running >= options.concurrency) break
      if (host.running >= options.perHost) continue
      if (host.nextStart > now) {
        wake = Math.min(wake, host.nextStart)
        continue
      }
      const waiter = host.followUps.shift() ?? host.queue.shift()!
      host.running++
      running++
      host.nextStart = now + spacing
      waiting.delete(key)
      if (host.followUps.length + host.queue.length > 0) waiting.set(key, host)
      waiter.resolve(endOf(host))
    }
    // (A timer longer than 2^31 - 1 ms would fire at once: a very low rate wakes up and waits again.)
    if (wake !== Infinity) timer = setTimeout(serve, Math.min(2_147_483_647, Math.max(1, wake - now)))
  }
  const stop = (): void => {
    closed = true
    clearTimeout(timer)
    clearImmediate(soon)
    for (const host of waiting.values())
      for (const waiter of [...host.followUps.splice(0), ...host.queue.splice(0)])
        waiter.reject(options.signal?.reason)
    waiting.clear()
  }
  options.signal?.addEventListener('abort', stop, { once: true })

  return {
    turn: (key, followUp = false) =>
      new Promise((resolve, reject) => {
        if (options.signal?.aborted === true) return reject(options.signal.reason)
        if (closed) return reject(new Error('The politeness gate is closed'))
        const host = hostOf(key)
        ;(followUp ? host.followUps : host.queue).push({ resolve, reject })
        if (!waiting.has(key)) waiting.set(key, host)
        serve()
      }),
    pause: (key, ms) => {
      const host = hostOf(key)
      host.nextStart = Math.max(host.nextStart, performance.now() + ms)
    },
    close: () => {
      options.signal?.removeEventListener('abort', stop)
      stop()
    },
  }
}
