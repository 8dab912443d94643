import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { standingsTable } from '../../shared/desk/standings-table'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import type { Command } from '../../shared/tournament/commands'
import { levelOnWinsEvent } from '../../shared/desk/test-support/level-on-wins'
import { applyAll, ID, logOf } from '../../shared/tournament/test-support/event'
import { runCli } from './test-support/run-cli'

/*
 * Issue 32: the CLI ranks as the desk does. Ann beat Bob by 10 and lost to Cy by 100; Bob beat
 * Di by 100: one win each, Bob ahead on spread, Ann on head-to-head.
 */
const T_FILE = `Alpha, Ann     1800 2 3; 450 500
Bravo, Bob     1700 1 4; 440 300
Charlie, Cy    1600 4 1; 500 600
Delta, Di      1500 3 2; 300 200
`

const EVENT: readonly Command[] = [
  ...levelOnWinsEvent(['Alpha, Ann', 'Bravo, Bob', 'Charlie, Cy', 'Delta, Di']),
  {
    type: 'setRanking',
    division: 'A',
    ranking: { tieBreaks: ['head-to-head', 'spread'], spreadCapByRound: [] },
  },
]

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-ranking-'))
  writeFileSync(join(dir, 'a.t'), T_FILE, 'utf8')
  writeFileSync(
    join(dir, 'a.json'),
    writeTournamentFile(ID, logOf(EVENT), '2026-11-29T12:00:00.000Z'),
    'utf8',
  )
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const names = (stdout: string): string[] =>
  stdout
    .split('\n')
    .filter((l) => /^\s*\d+\s/.test(l))
    .map((l) => /^\s*\d+\s+(.+?)\s{2,}/.exec(l)?.[1] ?? '')

describe('issue 32: rackside standings ranks as the desk does', () => {
  test.each([
    {
      name: 'a .t file by wins, then spread (the documents’ order)',
      argv: ['a.t'],
      header: 'Ranked by wins, then spread',
      order: ['Charlie, Cy', 'Bravo, Bob', 'Alpha, Ann', 'Delta, Di'],
    },
    {
      name: 'a .t file with --tie-breaks head-to-head,spread',
      argv: ['a.t', '--tie-breaks', 'head-to-head,spread'],
      header: 'Ranked by wins, then head-to-head, then spread',
      order: ['Charlie, Cy', 'Alpha, Ann', 'Bravo, Bob', 'Delta, Di'],
    },
    {
      name: 'a .t file with --spread-caps 100,150',
      argv: ['a.t', '--spread-caps', '100,150'],
      header: 'Ranked by wins, then spread capped at 100, 150 from round 2',
      order: ['Charlie, Cy', 'Bravo, Bob', 'Alpha, Ann', 'Delta, Di'],
    },
    {
      name: 'a .json file by the ranking set on Settings (setRanking in its log)',
      argv: ['a.json'],
      header: 'Ranked by wins, then head-to-head, then spread',
      order: standingsTable(applyAll(EVENT), 'A', 2).map((r) => r.name),
    },
  ])('$name', async ({ argv, header, order }) => {
    const [file, ...rest] = argv
    const { code, stdout } = await runCli('standings', join(dir, file ?? ''), ...rest)
    expect(code).toBe(0)
    expect(stdout.split('\n')[0]).toBe(header)
    expect(names(stdout)).toEqual(order)
  })

  test.each([
    { argv: ['a.t', '--tie-breaks', 'coin-toss'], message: '--tie-breaks: no tie-break coin-toss' },
    { argv: ['a.t', '--spread-caps', '100,x'], message: '--spread-caps: “x”' },
    { argv: ['a.json', '--tie-breaks', 'spread'], message: 'are for .t files' },
  ])('$argv is refused naming what is wrong', async ({ argv, message }) => {
    const [file, ...rest] = argv
    const { code, stdout, stderr } = await runCli('standings', join(dir, file ?? ''), ...rest)
    expect(code).not.toBe(0)
    expect(`${stdout}${stderr}`).toContain(message)
  })
})
