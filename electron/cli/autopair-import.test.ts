import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { AUTOPAIR_EXAMPLE } from '../../shared/formats/test-support/autopair-example'
import type { Command } from '../../shared/tournament/commands'
import { runCli } from './test-support/run-cli'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-autopair-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

// The app's side of this check is in renderer/src/files/exchange.test.ts, on the same example.
describe("tsh's autopair lines through the CLI, as the app imports them (issue 18)", () => {
  test('convert a.t --config config.tsh gives the plan of AUTOPAIR_EXAMPLE and reports the unmapped line', async () => {
    writeFileSync(join(dir, 'a.t'), AUTOPAIR_EXAMPLE.tFile)
    writeFileSync(join(dir, 'config.tsh'), AUTOPAIR_EXAMPLE.config)
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
      `config.tsh:${String(AUTOPAIR_EXAMPLE.reportedLine)}: warning: ${AUTOPAIR_EXAMPLE.reportedWords}`,
    )
    const log = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')) as {
      log: { command: Command }[]
    }
    expect(log.log.map((e) => e.command).find((c) => c.type === 'setPairingPlan')).toEqual({
      type: 'setPairingPlan',
      division: 'A',
      plan: AUTOPAIR_EXAMPLE.plan,
    })
  })
})
