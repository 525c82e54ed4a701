/**
 * Chromium's bookmark dates: microseconds since 1601-01-01 UTC (Windows FILETIME's epoch, base's
 * `Time::ToInternalValue`), written as decimal strings. Read exactly with BigInt (they exceed
 * 2^53), then to milliseconds since 1970; `"0"` is Chromium's null time (never modified, never
 * used) and reads as no date.
 */
import { instantResult, type DateResult } from '../shared/dates.js'

/** Milliseconds from 1601-01-01 to 1970-01-01. */
const EPOCH_DELTA_MS = 11_644_473_600_000n

/** A decimal int64 as Chromium's `StringToInt64` reads it: optional minus, 1 to 19 digits. */
const INT64 = /^-?\d{1,19}$/

/**
 * A date field's value, or undefined when there is none (absent, or Chromium's null time `"0"`).
 * Hand-written files sometimes give a JSON number; it is read the same way.
 */
export function parseChromeTime(raw: unknown): DateResult | undefined {
  if (raw === undefined) return undefined
  let micros: bigint
  if (typeof raw === 'string' && INT64.test(raw)) micros = BigInt(raw)
  else if (typeof raw === 'number' && Number.isSafeInteger(raw)) micros = BigInt(raw)
  else {
    const shown = typeof raw === 'string' ? `"${raw.slice(0, 40)}"` : String(raw).slice(0, 40)
    return { ok: false, reason: `${shown} is not a number of microseconds since 1601` }
  }
  if (micros === 0n) return undefined
  const ms = micros / 1000n - EPOCH_DELTA_MS
  return instantResult(Number(ms), String(raw))
}

/** An instant (milliseconds since 1970) as Chromium writes it. */
export function formatChromeTime(ms: number): string {
  return ((BigInt(Math.floor(ms)) + EPOCH_DELTA_MS) * 1000n).toString()
}
