import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { parseTFile } from '../../shared/formats/t-file'
import { runCli } from './test-support/run-cli'

const fixtures = new URL('../../shared/formats/__fixtures__/', import.meta.url)
const fixturePath = (name: string): string => fileURLToPath(new URL(name, fixtures))

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-standings-'))
  copyFileSync(fixturePath('mgi-2022/a.t'), join(dir, 'a.t'))
  copyFileSync(fixturePath('broken.t'), join(dir, 'broken.t'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const at = (name: string): string => join(dir, name)

const cli = runCli

interface JsonRow {
  readonly rank: number
  readonly player: number
  readonly name: string
}
type JsonStandings = { readonly afterRound: Readonly<Record<string, readonly JsonRow[]>> }

const mgi = parseTFile(readFileSync(fixturePath('mgi-2022/a.t'), 'latin1'))
if (!mgi.ok) throw new Error(mgi.error.message)
/** formats.md: rrank index r is the rank tsh printed after round r (index 0 = before round 1). */
const rrank = mgi.value.players.flatMap((line) =>
  Array.from({ length: 12 }, (_, k) => ({
    player: line.id,
    round: k + 1,
    rank: Number(line.tags.find((t) => t.name === 'rrank')?.values[k + 1]),
  })),
)

describe('rackside standings on the MGI fixture (formats.md: replaying it reproduces every rrank)', () => {
  test.each(['a.t', 'a.json'])(
    '%s --all-rounds --json gives all 720 rrank values',
    async (name) => {
      if (name === 'a.json') {
        expect((await cli('convert', at('a.t'), at('a.json'), '--date', '2022-02-19')).code).toBe(0)
      }
      const { code, stdout } = await cli('standings', at(name), '--all-rounds', '--json')
      expect(code).toBe(0)
      const json = JSON.parse(stdout) as JsonStandings
      expect(Object.keys(json.afterRound)).toEqual(
        Array.from({ length: 12 }, (_, k) => String(k + 1)),
      )
      const got = rrank.map((c) => ({
        ...c,
        rank: json.afterRound[String(c.round)]?.find((r) => r.player === c.player)?.rank,
      }))
      expect(got).toHaveLength(720)
      expect(got).toEqual(rrank)
    },
  )

  test('--after-round 3 --json prints round 3 only', async () => {
    const { code, stdout } = await cli('standings', at('a.t'), '--after-round', '3', '--json')
    expect(code).toBe(0)
    const json = JSON.parse(stdout) as JsonStandings
    expect(Object.keys(json.afterRound)).toEqual(['3'])
    expect(json.afterRound['3']?.map((r) => r.rank)).toEqual(
      rrank
        .filter((c) => c.round === 3)
        .map((c) => c.rank)
        .sort((a, b) => a - b),
    )
  })

  test('the table lists 60 rows under its header, the final standings by default', async () => {
    const { code, stdout } = await cli('standings', at('a.t'))
    expect(code).toBe(0)
    // Issue 32: the order's sentence first, as the Standings screen shows it.
    const [ranking, blank, ...lines] = stdout.trimEnd().split('\n')
    expect([ranking, blank]).toEqual(['Ranked by wins, then spread', ''])
    expect(lines[0]).toBe('After round 12')
    expect(lines[1]).toMatch(/^ *# +Name +W-L +Spread$/)
    expect(lines.slice(2)).toHaveLength(60)
    expect(lines[2]).toMatch(/^ *1 +Wellington, Jighere +10-2 +\+747$/)
  })

  test('a bad file exits 1 with FILE:LINE: and no stack trace', async () => {
    const { code, stdout } = await cli('standings', at('broken.t'))
    expect(code).toBe(1)
    expect(stdout.split('\n')[0]).toMatch(new RegExp(`^${escape(at('broken.t'))}:4: `))
  })

  test('an inconsistent file exits 1 with FILE:LINE:', async () => {
    writeFileSync(at('x.t'), 'Alpha, Ann 1850 2; 400\nBravo, Bob 1790 3; 380\nCy 1700 2; 410\n')
    const { code, stdout } = await cli('standings', at('x.t'))
    expect(code).toBe(1)
    expect(stdout).toMatch(new RegExp(`^${escape(at('x.t'))}:1: `))
  })

  test('a damaged tournament file exits 1 and says why', async () => {
    writeFileSync(at('bad.json'), '{"format": "rackside-tournament", "version": 1, "log": [')
    const { code, stdout } = await cli('standings', at('bad.json'))
    expect(code).toBe(1)
    expect(stdout).toContain('the JSON is damaged or cut short')
  })
})

function escape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')
}

describe('rackside standings refuses what rackside check refuses', () => {
  test('a score of 4526: check and standings both exit 1 and name the line', async () => {
    writeFileSync(at('wild.t'), 'Ann 1500 2; 4526\nBob 1400 1; 300\n')
    const check = await cli('check', at('wild.t'))
    const standings = await cli('standings', at('wild.t'))
    expect(check.code).toBe(1)
    expect(standings.code).toBe(1)
    expect(standings.stdout).toContain('wild.t:1:')
    expect(standings.stderr).toContain('no standings')
  })
})
