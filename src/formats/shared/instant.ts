/**
 * The range of instants a browser's bookmark date may take, shared by the browsers' readers: after
 * 1970 and before 2200, as the Netscape reader accepts (`dates.ts`). Anything else is
 * corrupt data and is left out with a warning.
 */
import type { DateResult } from './dates.js'

/** Latest instant accepted (2200-01-01), as for Netscape dates. */
export const LATEST_INSTANT = Date.UTC(2200, 0, 1)

/** `ms` (milliseconds since 1970) as a date result; `raw` names the value in the reason. */
export function instantResult(ms: number, raw: string): DateResult {
  if (!Number.isFinite(ms)) return { ok: false, reason: `${raw} is not a date` }
  if (ms <= 0) return { ok: false, reason: `${raw} is not after 1970` }
  if (ms > LATEST_INSTANT) return { ok: false, reason: `${raw} is after the year 2200` }
  return { ok: true, value: ms }
}
