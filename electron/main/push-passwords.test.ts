import { mkdtempSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import {
  createPushPasswords,
  databaseKey,
  PUSH_PASSWORDS_FILE,
  type SecretBox,
} from './push-passwords'

/** safeStorage's stand-in: reversible, and plainly not the password, as the system's store is. */
function fakeBox(available = true): SecretBox {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => Buffer.from(`sealed:${[...plain].reverse().join('')}`),
    decryptString: (sealed) => {
      const text = sealed.toString()
      if (!text.startsWith('sealed:')) throw new Error('not sealed here')
      return [...text.slice('sealed:'.length)].reverse().join('')
    },
  }
}

let dir = ''
let file = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-push-passwords-'))
  file = join(dir, PUSH_PASSWORDS_FILE)
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const ADDRESS = 'https://director@couch.example.org/spc-2026'

describe('issue 31: the push’s password remembered in the operating system’s store', () => {
  test('remembered, it starts a push with no password typed, and is stored only encrypted', async () => {
    const passwords = createPushPasswords({ file, box: fakeBox() })
    expect(await passwords.passwordFor(ADDRESS, '')).toBe('')
    expect(await passwords.remember(ADDRESS, 's3cret')).toEqual({
      status: 'done',
      remembered: true,
    })
    expect(await passwords.remembered(ADDRESS)).toEqual({ status: 'done', remembered: true })
    expect(await passwords.passwordFor(` ${ADDRESS} `, '')).toBe('s3cret')
    // A password typed wins over the remembered one.
    expect(await passwords.passwordFor(ADDRESS, 'typed')).toBe('typed')
    expect(readFileSync(file, 'utf8')).not.toContain('s3cret')
    // A new process (the app started again) reads it back.
    const again = createPushPasswords({ file, box: fakeBox() })
    expect(await again.passwordFor(ADDRESS, '')).toBe('s3cret')
  })

  test('one per database and account: another database is not given it', async () => {
    const passwords = createPushPasswords({ file, box: fakeBox() })
    await passwords.remember(ADDRESS, 's3cret')
    expect(await passwords.passwordFor('https://director@couch.example.org/other', '')).toBe('')
    expect(await passwords.passwordFor('https://scorer@couch.example.org/spc-2026', '')).toBe('')
    expect(databaseKey('https://director:old@couch.example.org/spc-2026')).toBe(
      databaseKey(ADDRESS),
    )
  })

  test('Forget removes it, and the file when it was the last', async () => {
    const passwords = createPushPasswords({ file, box: fakeBox() })
    await passwords.remember(ADDRESS, 's3cret')
    expect(await passwords.forget(ADDRESS)).toEqual({ status: 'done', remembered: false })
    expect(await passwords.passwordFor(ADDRESS, '')).toBe('')
    expect(existsSync(file)).toBe(false)
  })

  test('with no encrypted store on the computer, nothing is written and the refusal says why', async () => {
    const passwords = createPushPasswords({ file, box: fakeBox(false) })
    const answer = await passwords.remember(ADDRESS, 's3cret')
    expect(answer.status).toBe('failed')
    expect(answer.status === 'failed' && answer.message).toMatch(/type it at each start/)
    expect(existsSync(file)).toBe(false)
  })

  test('a Linux desktop with no keyring (safeStorage’s basic_text) is no store: refused', async () => {
    const passwords = createPushPasswords({
      file,
      box: { ...fakeBox(), getSelectedStorageBackend: () => 'basic_text' },
    })
    expect((await passwords.remember(ADDRESS, 's3cret')).status).toBe('failed')
    expect(existsSync(file)).toBe(false)
  })

  test('a damaged file or a password sealed elsewhere remembers nothing, and refuses nothing', async () => {
    writeFileSync(file, '{ not json')
    expect(await createPushPasswords({ file, box: fakeBox() }).passwordFor(ADDRESS, '')).toBe('')
    writeFileSync(
      file,
      JSON.stringify({ [databaseKey(ADDRESS)]: Buffer.from('x').toString('base64') }),
    )
    expect(await createPushPasswords({ file, box: fakeBox() }).passwordFor(ADDRESS, '')).toBe('')
  })
})
