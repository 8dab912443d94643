import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { parseTFile, serializeTFile } from '../../shared/formats/t-file'
import { runCli as cli } from './test-support/run-cli'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-verify-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})
const at = (name: string): string => join(dir, name)

/** The file with its last round replaced by the round before: every table back to back. */
function lastRoundAgain(text: string): string {
  const read = parseTFile(text)
  if (!read.ok) throw new Error(read.error.message)
  const again = <T>(list: readonly T[]): T[] => [...list.slice(0, -1), list.at(-2) as T]
  return serializeTFile({
    ...read.value,
    players: read.value.players.map((line) => ({
      ...line,
      opponents: again(line.opponents),
      scores: again(line.scores),
      tags: line.tags.map((t) => (t.name === 'p12' ? { ...t, values: again(t.values) } : t)),
    })),
  })
}

describe('rackside generate → rackside verify through the CLI (issue 29)', () => {
  test('a generated event verifies clean: exit 0, every round checked', async () => {
    const made = await cli(
      'generate',
      '--seed',
      '12',
      '--players',
      '11',
      '--rounds',
      '8',
      '--out',
      at('g.t'),
    )
    expect(made).toMatchObject({ code: 0, stderr: '' })
    expect(made.stdout).toBe(`${at('g.t')}: 11 players, 8 rounds (seed 12)\n`)
    const checked = await cli('verify', at('g.t'))
    expect(checked).toEqual({
      code: 0,
      stdout: `${at('g.t')}: 8 rounds checked: 0 findings\n`,
      stderr: '',
    })
  })

  test("issue 29: --withdrawals writes tsh's off, and verify reads each withdrawal from its round", async () => {
    const options = ['--seed', '4', '--players', '10', '--rounds', '7', '--withdrawals', '2']
    expect(await cli('generate', ...options, '--out', at('w.t'))).toMatchObject({ code: 0 })
    const text = readFileSync(at('w.t'), 'utf8')
    expect(text.match(/; off 0/g)).toHaveLength(2)
    expect(text).toMatch(/^# rackside generate .* --withdrawals 2$/m)
    expect(await cli('verify', at('w.t'))).toEqual({
      code: 0,
      stdout: `${at('w.t')}: 7 rounds checked: 0 findings\n`,
      stderr: '',
    })
  })

  test('the same seed writes the same file, to standard output without --out', async () => {
    const options = ['--seed', '3', '--players', '7', '--rounds', '5', '--preset', 'msa']
    await cli('generate', ...options, '--out', at('a.t'))
    const printed = await cli('generate', ...options)
    expect(printed.code).toBe(0)
    expect(printed.stdout).toBe(readFileSync(at('a.t'), 'utf8'))
  })

  test('a last round played again: each table flagged back to back, the bye as a second one; exit 1', async () => {
    await cli('generate', '--seed', '9', '--players', '9', '--rounds', '6', '--out', at('g.t'))
    writeFileSync(at('bad.t'), lastRoundAgain(readFileSync(at('g.t'), 'utf8')))
    const checked = await cli('verify', at('bad.t'), '--json')
    expect(checked.code).toBe(1)
    const report = JSON.parse(checked.stdout) as {
      faults: number
      findings: { code: string; round: number; players: number[]; fault: boolean }[]
    }
    const last = report.findings.filter((f) => f.round === 6 && f.fault)
    expect(last.filter((f) => f.code === 'verify.repeat.back-to-back')).toHaveLength(4)
    expect(last.map((f) => f.code)).toContain('verify.bye.more-byes')
    expect(report.findings.filter((f) => f.round < 6)).toEqual([])
    const text = await cli('verify', at('bad.t'))
    expect(text.code).toBe(1)
    expect(text.stdout).toMatch(
      /: Round 6: .* \(#\d+\) and .* \(#\d+\) meet in round 5 and again in round 6: .* \[verify\.repeat\.back-to-back\]\n/,
    )
  })

  test('--system swiss on a plan-paired event: the contender rounds’ repeats plain Swiss avoids are findings', async () => {
    await cli('generate', '--seed', '5', '--players', '11', '--rounds', '8', '--out', at('g.t'))
    const checked = await cli('verify', at('g.t'), '--system', 'swiss')
    expect(checked.code).toBe(1)
    expect(checked.stdout).toMatch(/note: Round 1: our plan \(Swiss on round 0's standings\) pairs/)
    expect(checked.stdout).toMatch(/\[verify\.repeat\.avoidable\]/)
  })

  test('--gibson: a clinched leader who plays a contender is a finding', async () => {
    await cli(
      'generate',
      '--seed',
      '1',
      '--players',
      '10',
      '--rounds',
      '8',
      '--spread',
      '1000',
      '--out',
      at('g.t'),
    )
    expect((await cli('verify', at('g.t'))).code).toBe(0)
    const checked = await cli('verify', at('g.t'), '--gibson')
    expect(checked.code).toBe(1)
    expect(checked.stdout).toMatch(
      /Round 8: Irwin, Ivan \(#9\) has clinched 1st place \(Gibsonized\) but plays Dunn, Dev \(#4\).* \[verify\.gibson\.contender\]/,
    )
  })

  test.each([
    [['verify', 'broken.t'], /broken\.t:4: no rating after the name "Charlie, Cy"/],
    [['verify', 'missing.t'], /cannot read .*missing\.t: no such file/],
    [['verify', 'g.t', '--system', 'chess'], /--system must be one of swiss/],
    [['verify', 'g.t', '--preset', 'fide'], /--preset must be one of msa/],
    [['generate', '--players', '8'], /--seed N is required/],
    [['generate', '--seed', '1', '--players', '1'], /2 to 1000 players, not 1/],
    [['generate', '--seed', '1', '--rounds', 'x'], /--rounds must be a whole number/],
    [['generate', '--seed', '1', '--players', '8', '--withdrawals', '5'], /at most half the field/],
  ])('bad input %j: exit 2, a message naming what and where', async (argv, message) => {
    const fixture = fileURLToPath(
      new URL('../../shared/formats/__fixtures__/broken.t', import.meta.url),
    )
    writeFileSync(at('broken.t'), readFileSync(fixture))
    await cli('generate', '--seed', '1', '--out', at('g.t'))
    const [command, first, ...rest] = argv
    const path = first !== undefined && first.endsWith('.t') ? at(first) : first
    const result = await cli(...[command ?? '', ...(path === undefined ? [] : [path]), ...rest])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
  })

  test('a file whose pairings disagree cannot be verified: exit 2 naming the line', async () => {
    writeFileSync(at('odd.t'), 'Ann 1500 2; 400\nBob 1500 3; 350\nCy 1500 1; 300\n')
    const result = await cli('verify', at('odd.t'))
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/odd\.t:\d+: /)
    expect(result.stderr).toMatch(/cannot be verified/)
  })

  test('help lists both commands', async () => {
    const help = await cli('--help')
    expect(help.stdout).toMatch(/rackside generate --seed N/)
    expect(help.stdout).toMatch(/rackside verify FILE\.t/)
    expect((await cli('verify', '--help')).stdout).toMatch(/verify\.starter\.wrong/)
  })
})
