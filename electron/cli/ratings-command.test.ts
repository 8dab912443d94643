import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { parseTFile } from '../../shared/formats/t-file'
import { runCli as cli } from './test-support/run-cli'

const fixturePath = (name: string): string =>
  fileURLToPath(new URL(`../../shared/formats/__fixtures__/${name}`, import.meta.url))

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-ratings-'))
  copyFileSync(fixturePath('mgi-2022/a.t'), join(dir, 'a.t'))
  copyFileSync(fixturePath('broken.t'), join(dir, 'broken.t'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})
const at = (name: string): string => join(dir, name)

interface JsonRatings {
  readonly system: string
  readonly players: readonly {
    readonly player: number
    readonly name: string
    readonly rating: number
    readonly estimates: readonly number[]
    readonly performance: number | null
  }[]
}

const mgi = parseTFile(readFileSync(fixturePath('mgi-2022/a.t'), 'latin1'))
if (!mgi.ok) throw new Error(mgi.error.message)

describe('rackside ratings (issue 22)', () => {
  test('--json on the MGI fixture under nsa: every newr tsh wrote, in file order', async () => {
    const run = await cli('ratings', at('a.t'), '--system', 'nsa', '--json')
    expect(run.code).toBe(0)
    const out = JSON.parse(run.stdout) as JsonRatings
    expect(out.system).toBe('nsa')
    expect(out.players[0]).toMatchObject({ player: 1, name: 'Karo, Eta', rating: 1739 })
    expect(out.players.map((p) => p.estimates)).toEqual(
      mgi.value.players.map((p) => p.tags.find((t) => t.name === 'newr')?.values.map(Number)),
    )
  })

  test('the table: old, new, change and performance after the last round', async () => {
    const run = await cli('ratings', at('a.t'), '--system', 'nsa')
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines[0]).toBe('Ratings (nsa) after round 12')
    expect(lines[1]).toMatch(/^\s*#\s+Name\s+Old\s+New\s+Change\s+Perf$/)
    // Karo, Eta: 1739 before, 1707 after round 12 (newr's last value); her performance is the
    // report's, from the same engine.
    const perf = (
      JSON.parse(
        (await cli('ratings', at('a.t'), '--system', 'nsa', '--json')).stdout,
      ) as JsonRatings
    ).players[0]?.performance
    expect(perf).toEqual(expect.any(Number))
    expect(lines[2]).toMatch(
      new RegExp(`^\\s*1\\s+Karo, Eta\\s+1739\\s+1707\\s+-32\\s+${String(perf)}$`),
    )
  })

  test('--max-rounds decides the segments: 36 rounds split after round 12, and round 1 is the same', async () => {
    const run = await cli('ratings', at('a.t'), '--system', 'nsa', '--max-rounds', '36', '--json')
    expect(run.code).toBe(0)
    const out = JSON.parse(run.stdout) as JsonRatings
    expect(out.players[0]?.estimates[0]).toBe(1746)
    // Rounds 1–12 are now exactly the first segment, so round 12 is still tsh's value.
    expect(out.players[0]?.estimates[11]).toBe(1707)
  })

  test.each([
    [
      ['--system', 'fide'],
      /--system fide is not a rating system: give one of nsa, nsa2008, .*absp, none/,
    ],
    [[], /--system is missing: give one of nsa/],
    [['--system', 'nsa', '--max-rounds', 'ten'], /--max-rounds must be a whole number/],
  ])('a bad option %j is refused with the valid values, exit 2', async (extra, message) => {
    const run = await cli('ratings', at('a.t'), ...extra)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(message)
  })

  test('a file with errors is refused with its problems, exit 1', async () => {
    const run = await cli('ratings', at('broken.t'), '--system', 'nsa2008')
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/no ratings, fix the errors above first/)
  })

  test('none gives no estimates; a missing file is named', async () => {
    writeFileSync(at('two.t'), 'Ann 1500 2; 400\nBob 1500 1; 300\n')
    const none = JSON.parse(
      (await cli('ratings', at('two.t'), '--system', 'none', '--json')).stdout,
    )
    expect(none).toEqual({
      system: 'none',
      players: [
        { player: 1, name: 'Ann', rating: 1500, estimates: [], performance: null },
        { player: 2, name: 'Bob', rating: 1500, estimates: [], performance: null },
      ],
    })
    const missing = await cli('ratings', at('nope.t'), '--system', 'nsa')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/nope\.t/)
  })

  test.each([
    // One win over a 1500: 95% of a game, capped at 1500 + 400; one loss: 5%, 1500 − 923.
    { system: 'nsa2008', ann: 1900, bob: 577 },
    // ABSP's equivalent: the opponent ± 50.
    { system: 'absp', ann: 1550, bob: 1450 },
  ])(
    '"performance" per player under $system (issue 22, tsh RATings)',
    async ({ system, ann, bob }) => {
      writeFileSync(at('two.t'), 'Ann 1500 2; 400\nBob 1500 1; 300\n')
      const run = await cli('ratings', at('two.t'), '--system', system, '--json')
      const out = JSON.parse(run.stdout) as JsonRatings
      expect(out.players.map((p) => p.performance)).toEqual([ann, bob])
    },
  )

  test('the help lists the command', async () => {
    expect((await cli('help')).stdout).toMatch(/rackside ratings FILE\.t --system SYSTEM/)
    expect((await cli('ratings', '--help')).stdout).toMatch(/--max-rounds N/)
  })
})
