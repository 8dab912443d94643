import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * The shipped binary's Electron fuses (issue 13), read from electron-builder.yml as electron-builder
 * reads them. A small reader for the one flat block, so the test needs no YAML library.
 */
function fuses(): Record<string, string> {
  const lines = readFileSync(join(import.meta.dirname, '../../electron-builder.yml'), 'utf8').split(
    '\n',
  )
  const start = lines.findIndex((line) => line.trimEnd() === 'electronFuses:')
  if (start < 0) return {}
  const block: Record<string, string> = {}
  for (const line of lines.slice(start + 1)) {
    const match = /^\s+(\w+):\s*(\S+)\s*$/.exec(line)
    if (!match) break
    block[match[1] ?? ''] = match[2] ?? ''
  }
  return block
}

describe('electron-builder.yml hardens the shipped binary', () => {
  test.each([
    ['runAsNode', 'false', 'the binary cannot run as plain Node (ELECTRON_RUN_AS_NODE)'],
    ['enableNodeOptionsEnvironmentVariable', 'false', 'NODE_OPTIONS cannot inject code'],
    ['enableNodeCliInspectArguments', 'false', 'no --inspect debugger from the command line'],
    ['enableCookieEncryption', 'true', 'cookies on disk are encrypted'],
    ['enableEmbeddedAsarIntegrityValidation', 'true', 'a changed app.asar does not start'],
    ['onlyLoadAppFromAsar', 'true', 'only the app.asar is loaded, never a loose app folder'],
    ['grantFileProtocolExtraPrivileges', 'false', 'file:// pages get no extra powers'],
  ])('%s is %s: %s', (fuse, value) => {
    expect(fuses()[fuse]).toBe(value)
  })

  test('the app is packed into an asar, which the integrity fuse checks', () => {
    const text = readFileSync(join(import.meta.dirname, '../../electron-builder.yml'), 'utf8')
    expect(text).toMatch(/^asar: true$/m)
  })
})
