/** The byte mutations the format readers' fuzz tests apply to real and fixture files (fast-check). */
import fc from 'fast-check'

export type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number; byte: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }

/** Truncations, byte flips, insertions (of `snippets` or random text) and deletions, at any point. */
export function mutationOf(
  snippets: readonly string[],
  limits: { insert: number; delete: number } = { insert: 12, delete: 40 },
): fc.Arbitrary<Mutation> {
  const position = fc.double({ min: 0, max: 1, noNaN: true })
  return fc.oneof(
    fc.record({ kind: fc.constant('truncate' as const), at: position }),
    fc.record({ kind: fc.constant('flip' as const), at: position, byte: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('insert' as const), at: position, text: fc.constantFrom(...snippets) }),
    fc.record({
      kind: fc.constant('insert' as const),
      at: position,
      text: fc.string({ maxLength: limits.insert }),
    }),
    fc.record({
      kind: fc.constant('delete' as const),
      at: position,
      length: fc.integer({ min: 1, max: limits.delete }),
    }),
  )
}

/** `bytes` with `mutations` applied in turn. */
export function mutate(bytes: Uint8Array, mutations: readonly Mutation[]): Uint8Array {
  let data = Buffer.from(bytes)
  for (const change of mutations) {
    const at = Math.floor(change.at * data.length)
    if (change.kind === 'truncate') data = data.subarray(0, at)
    else if (change.kind === 'flip') {
      if (data.length > 0) data[Math.min(at, data.length - 1)] = change.byte
    } else if (change.kind === 'insert')
      data = Buffer.concat([data.subarray(0, at), Buffer.from(change.text, 'utf8'), data.subarray(at)])
    else data = Buffer.concat([data.subarray(0, at), data.subarray(at + change.length)])
  }
  return data
}
