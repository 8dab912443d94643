/**
 * Issue 31: the push's password remembered on this computer when the director asks, encrypted by
 * the operating system's store (Electron's `safeStorage`: the keychain, DPAPI or the desktop's
 * secret service), in the app's user data, one per database address. Never in the event file,
 * never sent back to a window: a start with no password typed uses the remembered one in main.
 */
import { readFile, rm } from 'node:fs/promises'
import { writeFileAtomic } from '../atomic-write'
import type { PushPasswordOutcome } from '../ipc-contract'

/** Electron's `safeStorage`, as much as this needs: tests give a stand-in, never electron. */
export interface SecretBox {
  isEncryptionAvailable(): boolean
  encryptString(plain: string): Buffer
  decryptString(encrypted: Buffer): string
  /** Linux only: 'basic_text' is a key built into Chromium, no secret store at all. */
  getSelectedStorageBackend?(): string
}

export interface PushPasswords {
  remembered(address: string): Promise<PushPasswordOutcome>
  remember(address: string, password: string): Promise<PushPasswordOutcome>
  forget(address: string): Promise<PushPasswordOutcome>
  /** The password to start with: the one typed, else the one remembered, else none (''). */
  passwordFor(address: string, typed: string): Promise<string>
}

/** `userData/push-passwords.json`: `{ "<database address>": "<base64 of the encrypted password>" }`. */
export const PUSH_PASSWORDS_FILE = 'push-passwords.json'

/**
 * The database the password opens, as its key: the address without any password in it and with
 * the account's name, so two accounts on one database keep two passwords.
 */
export function databaseKey(address: string): string {
  try {
    const url = new URL(address.trim())
    url.password = ''
    url.hash = ''
    return url.toString()
  } catch {
    return address.trim()
  }
}

const isRecordOfStrings = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string')

const UNAVAILABLE =
  'This computer offers no encrypted store for passwords, so it is not remembered: type it at each start.'

/** Whether the system's store encrypts: a Linux desktop with no keyring offers only 'basic_text'. */
const sealsSafely = (box: SecretBox): boolean =>
  box.isEncryptionAvailable() && box.getSelectedStorageBackend?.() !== 'basic_text'

export function createPushPasswords(options: {
  readonly file: string
  readonly box: SecretBox
}): PushPasswords {
  const { file, box } = options

  async function read(): Promise<Record<string, string>> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch {
      return {}
    }
    try {
      const parsed: unknown = JSON.parse(text)
      // An unreadable file remembers nothing: the director types the password, as without one.
      return isRecordOfStrings(parsed) ? parsed : {}
    } catch {
      return {}
    }
  }

  async function write(passwords: Record<string, string>): Promise<void> {
    if (Object.keys(passwords).length === 0) {
      await rm(file, { force: true })
      return
    }
    await writeFileAtomic(file, new TextEncoder().encode(`${JSON.stringify(passwords, null, 2)}\n`))
  }

  async function recall(address: string): Promise<string | null> {
    const stored = (await read())[databaseKey(address)]
    if (stored === undefined || !box.isEncryptionAvailable()) return null
    try {
      return box.decryptString(Buffer.from(stored, 'base64'))
    } catch {
      // Encrypted for another user or a reinstalled system: as if none were remembered.
      return null
    }
  }

  return {
    remembered: async (address) => ({
      status: 'done',
      remembered: (await read())[databaseKey(address)] !== undefined,
    }),
    remember: async (address, password) => {
      if (password === '') return { status: 'failed', message: 'Type the password to remember.' }
      if (!sealsSafely(box)) return { status: 'failed', message: UNAVAILABLE }
      const passwords = await read()
      passwords[databaseKey(address)] = box.encryptString(password).toString('base64')
      await write(passwords)
      return { status: 'done', remembered: true }
    },
    forget: async (address) => {
      const key = databaseKey(address)
      const kept = Object.entries(await read()).filter(([database]) => database !== key)
      await write(Object.fromEntries(kept))
      return { status: 'done', remembered: false }
    },
    passwordFor: async (address, typed) => (typed !== '' ? typed : ((await recall(address)) ?? '')),
  }
}
