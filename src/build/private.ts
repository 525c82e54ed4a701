/**
 * (Environment, randomness) The private section's encrypted file, `private/data.bin`: the section's
 * contents (`PrivatePayload`) as gzipped JSON, encrypted with AES-256-GCM under a key derived from
 * the passphrase, which is read from the environment variable the config names and never written
 * anywhere. WebCrypto, as in the browser (`templates/default/private.js` reads it):
 *
 * - PBKDF2-SHA-256 over the passphrase (UTF-8, NFC) with a random 16-byte salt and
 *   `PBKDF2_ITERATIONS` iterations gives 256 bits;
 * - HKDF-SHA-256 over those gives the AES key (info `bookgen private key`) and a 16-byte check
 *   (info `bookgen private check`), which tells a wrong passphrase from a damaged file;
 * - AES-256-GCM with a random 12-byte nonce encrypts the payload, the header its additional data.
 *
 * The file: `BKGP`, version 1 (1 byte), iterations (4 bytes, big-endian), salt (16), nonce (12),
 * check (16), then the ciphertext with its 16-byte tag. A new salt and nonce every build: the file
 * differs from one build to the next, as no other file of the site does.
 */
import { webcrypto } from 'node:crypto'
import { gunzipSync, gzipSync } from 'fflate'
import type { ResolvedConfig } from '../config/options.js'
import { displayPath } from '../model/display-path.js'
import type { OutputFile } from '../model/output.js'
import type { Message } from '../model/message.js'
import { privatePayload, type PrivatePayload } from '../site-files/private-section.js'
import type { SiteInput } from '../publish/site-input.js'

/** The encrypted file, below the base (beside the section's page and script). */
export const PRIVATE_DATA_PATH = 'private/data.bin'
/** PBKDF2 iterations: OWASP's figure for PBKDF2-HMAC-SHA-256 (2023). */
export const PBKDF2_ITERATIONS = 600_000

const MAGIC = [0x42, 0x4b, 0x47, 0x50] // "BKGP"
const VERSION = 1
const SALT_BYTES = 16
const NONCE_BYTES = 12
const CHECK_BYTES = 16
const HEADER_BYTES = MAGIC.length + 1 + 4 + SALT_BYTES + NONCE_BYTES + CHECK_BYTES

const subtle = webcrypto.subtle
const UTF8 = new TextEncoder()

/** The passphrase of the config's private section, from the environment; undefined when unset or empty. */
export function privatePassphrase(
  config: Pick<ResolvedConfig, 'private'>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  if (config.private === undefined) return undefined
  const value = env[config.private.passphraseEnv]
  return value === undefined || value === '' ? undefined : value
}

/** The private section's file: `payload` encrypted under `passphrase`. */
export async function encryptPrivate(
  payload: PrivatePayload,
  passphrase: string,
  iterations = PBKDF2_ITERATIONS,
): Promise<Uint8Array> {
  const salt = webcrypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const nonce = webcrypto.getRandomValues(new Uint8Array(NONCE_BYTES))
  const { key, check } = await keysOf(passphrase, salt, iterations)
  const header = new Uint8Array(HEADER_BYTES)
  header.set(MAGIC)
  header[MAGIC.length] = VERSION
  new DataView(header.buffer).setUint32(MAGIC.length + 1, iterations)
  header.set(salt, MAGIC.length + 5)
  header.set(nonce, MAGIC.length + 5 + SALT_BYTES)
  header.set(check, MAGIC.length + 5 + SALT_BYTES + NONCE_BYTES)
  // mtime 0: the same payload gzips to the same bytes.
  const plain = gzipSync(UTF8.encode(JSON.stringify(payload)), { level: 9, mtime: 0 })
  const sealed = new Uint8Array(
    await subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: header }, key, plain),
  )
  const file = new Uint8Array(HEADER_BYTES + sealed.length)
  file.set(header)
  file.set(sealed, HEADER_BYTES)
  return file
}

/** Why a private file could not be opened. */
export type PrivateFailure = 'format' | 'passphrase' | 'damaged'

/**
 * The payload of a private file (what the browser does, for the tests and for whoever wants to
 * read the file without a browser); rejects with the `PrivateFailure` as its message.
 */
export async function decryptPrivate(data: Uint8Array, passphrase: string): Promise<PrivatePayload> {
  const file = new Uint8Array(data)
  const magicOk = MAGIC.every((byte, index) => file[index] === byte) && file[MAGIC.length] === VERSION
  if (file.length < HEADER_BYTES + 16 || !magicOk) throw new Error('format' satisfies PrivateFailure)
  const header = file.subarray(0, HEADER_BYTES)
  const iterations = new DataView(file.buffer, file.byteOffset).getUint32(MAGIC.length + 1)
  const salt = header.slice(MAGIC.length + 5, MAGIC.length + 5 + SALT_BYTES)
  const nonce = header.slice(MAGIC.length + 5 + SALT_BYTES, MAGIC.length + 5 + SALT_BYTES + NONCE_BYTES)
  const expected = header.slice(HEADER_BYTES - CHECK_BYTES)
  const { key, check } = await keysOf(passphrase, salt, iterations)
  if (!check.every((byte, index) => byte === expected[index]))
    throw new Error('passphrase' satisfies PrivateFailure)
  let plain: ArrayBuffer
  try {
    plain = await subtle.decrypt(
      { name: 'AES-GCM', iv: nonce, additionalData: header },
      key,
      file.subarray(HEADER_BYTES),
    )
  } catch {
    throw new Error('damaged' satisfies PrivateFailure)
  }
  return JSON.parse(new TextDecoder().decode(gunzipSync(new Uint8Array(plain)))) as PrivatePayload
}

/** The AES key and the check of a passphrase and salt. */
async function keysOf(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<{ key: webcrypto.CryptoKey; check: Uint8Array }> {
  const material = await subtle.importKey('raw', UTF8.encode(passphrase.normalize('NFC')), 'PBKDF2', false, [
    'deriveBits',
  ])
  const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, 256)
  const master = await subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey', 'deriveBits'])
  const hkdf = (info: string) => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: new Uint8Array(),
    info: UTF8.encode(info),
  })
  const key = await subtle.deriveKey(
    hkdf('bookgen private key'),
    master,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
  const check = new Uint8Array(
    await subtle.deriveBits(hkdf('bookgen private check'), master, CHECK_BYTES * 8),
  )
  return { key, check }
}

/** The private section of a build: its encrypted file, and what the summary says of it. */
export interface LockedSection {
  files: OutputFile[]
  /** The section's bookmarks and the encrypted file's bytes; undefined without a section. */
  section: { bookmarks: number; bytes: number } | undefined
  warnings: Message[]
}

/**
 * The private section of a site planned with it (`input.privateSection`): its contents, encrypted
 * under the passphrase from the environment. Without the passphrase, a warning that the private
 * bookmarks are held back and there is no section.
 */
export async function lockedSection(
  config: Pick<ResolvedConfig, 'private' | 'configFile'>,
  input: SiteInput,
  heldBack: number,
): Promise<LockedSection> {
  const passphrase = privatePassphrase(config)
  if (config.private === undefined) return { files: [], section: undefined, warnings: [] }
  if (passphrase === undefined || input.privateSection === undefined) {
    const message = `${config.private.passphraseEnv} is not set: the ${heldBack === 1 ? 'private bookmark is' : `${heldBack} private bookmarks are`} held back, and the site has no private section`
    const file = config.configFile === undefined ? '' : displayPath(config.configFile)
    return {
      files: [],
      section: undefined,
      warnings: [{ file, line: 0, column: 0, rule: 'private/no-passphrase', message }],
    }
  }
  const contents = await encryptPrivate(privatePayload(input, input.privateSection.entries), passphrase)
  return {
    files: [{ path: PRIVATE_DATA_PATH, contents }],
    section: { bookmarks: input.privateSection.entries.length, bytes: contents.length },
    warnings: [],
  }
}
