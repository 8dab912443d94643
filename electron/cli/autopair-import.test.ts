import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { Command } from '../../shared/tournament/commands'
import { runCli } from './test-support/run-cli'

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../../shared/formats/__fixtures__/autopair/${name}`, import.meta.url))
const EXPECTED = JSON.parse(readFileSync(fixture('expected.json'), 'utf8')) as {
  plan: unknown
  reportedLine: number
  reportedWords: string
}

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-autopair-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

// The app's side of this check is in renderer/src/files/exchange.test.ts, on the same example.
describe("tsh's autopair lines through the CLI, as the app imports them (issue 18)", () => {
  test('convert a.t --config config.tsh gives the plan of __fixtures__/autopair and reports the unmapped line', async () => {
    copyFileSync(fixture('a.t'), join(dir, 'a.t'))
    copyFileSync(fixture('config.tsh'), join(dir, 'config.tsh'))
    const cli = await runCli(
      'convert',
      join(dir, 'a.t'),
      join(dir, 'a.json'),
      '--config',
      join(dir, 'config.tsh'),
      '--date',
      '2026-03-14',
    )
    expect(cli.code).toBe(0)
    expect(cli.stdout).toContain(
      `config.tsh:${String(EXPECTED.reportedLine)}: warning: ${EXPECTED.reportedWords}`,
    )
    const log = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')) as {
      log: { command: Command }[]
    }
    expect(log.log.map((e) => e.command).find((c) => c.type === 'setPairingPlan')).toEqual({
      type: 'setPairingPlan',
      division: 'A',
      plan: EXPECTED.plan,
    })
  })
})
