import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { importTText } from '../../renderer/src/files/exchange'
import type { Command } from '../../shared/tournament/commands'
import { runCli } from './test-support/run-cli'

// tsh's autopair lines (issue 18): the app's import and the CLI's convert read one config.tsh
// through the one shared function, so both give the division the same plan and report.
const CONFIG = [
  'division A a.t',
  'config max_rounds = 6',
  'autopair A 0 1 if 3 A',
  'autopair A 3 4 ns 1 3 A',
  'autopair A 4 5 ns 1 4 A',
  'autopair A 5 6 pair1324 5 A',
].join('\n')
const T_FILE = 'Ann 1800 2; 400\nBob 1700 1; 350\n'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-autopair-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe("tsh's autopair lines: the app and the CLI import them the same way", () => {
  test('same plan from a .t with its config.tsh, and the unmapped line reported by both', async () => {
    const app = importTText(
      'a.t',
      T_FILE,
      { title: 't', division: 'A', preset: 'nsa1995', date: '2026-03-14', rounds: null },
      { name: 'config.tsh', text: CONFIG },
    )
    if (!app.ok) throw new Error(app.error.message)
    const appPlan = app.value.commands.find((c) => c.type === 'setPairingPlan')
    expect(appPlan).toEqual({
      type: 'setPairingPlan',
      division: 'A',
      plan: [
        { fromRound: 1, system: 'fontes', basedOn: 'previous', maxRepeats: null },
        { fromRound: 4, system: 'swiss', basedOn: 'previous', maxRepeats: 1 },
        { fromRound: 6, system: 'manual', basedOn: 'previous', maxRepeats: 0 },
      ],
    })
    expect(app.value.report.warnings.join('\n')).toContain(
      'config.tsh, line 6: autopair A 5 6 pair1324',
    )

    writeFileSync(join(dir, 'a.t'), T_FILE)
    writeFileSync(join(dir, 'config.tsh'), CONFIG)
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
    expect(cli.stdout).toContain(':6: warning: autopair A 5 6 pair1324')
    const log = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')) as {
      log: { command: Command }[]
    }
    expect(log.log.map((e) => e.command).find((c) => c.type === 'setPairingPlan')).toEqual(appPlan)
  })
})
