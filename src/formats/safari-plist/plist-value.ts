/**
 * A property-list value as the readers hand it over: strings, numbers (integers past 2^53 as
 * bigint), booleans, dates, data, arrays and dictionaries (`null` for the binary format's null
 * and fill objects; an object with a `UID` key for its keyed-archiver UIDs).
 */
export type PlistValue =
  string | number | bigint | boolean | Date | Uint8Array | null | PlistValue[] | { [key: string]: PlistValue }

/** A dictionary (neither an array, a date nor data). */
export type PlistDict = { [key: string]: PlistValue }

/** Whether `value` is a dictionary. */
export function isPlistDict(value: unknown): value is PlistDict {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !(value instanceof Uint8Array)
  )
}

/** The value under `key` when the dictionary has it itself (never through its prototype). */
export function own(dict: PlistDict, key: string): PlistValue | undefined {
  return Object.hasOwn(dict, key) ? dict[key] : undefined
}
