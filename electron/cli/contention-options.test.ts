import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { contentionFromArgs } from './contention-options'
import { runCli } from './test-support/run-cli'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-gibson-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

/**
 * Three rounds of four played. Ann wins all three by 300 (3–0 +900); Bob and Cy are 2–1 −280,
 * Di 1–2 −10, Ed 1–2 −300, Flo 0–3 −30 (out of the prizes). With one game left and 250 a
 * game, nobody can catch Ann.
 */
const THREE_ROUNDS = [
  'Alpha, Ann    1850 2 3 5; 500 500 500',
  'Bravo, Bob    1800 1 5 4; 200 400 400',
  'Charlie, Cy   1750 4 1 6; 400 200 400',
  'Delta, Di     1700 3 6 2; 390 400 390',
  'Echo, Ed      1650 6 2 1; 400 390 200',
  'Foxtrot, Flo  1600 5 4 3; 390 390 390',
].join('\n')

interface PairJson {
  pairings: { first: number; second: number; reason: string }[]
}

async function pair(...flags: string[]): Promise<PairJson> {
  const file = join(dir, 'a.t')
  writeFileSync(file, `${THREE_ROUNDS}\n`)
  const { code, stdout, stderr } = await runCli(
    'pair',
    file,
    '--round',
    '4',
    '--system',
    'swiss',
    '--json',
    ...flags,
  )
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
  return JSON.parse(stdout) as PairJson
}

const opponentOf = (round: PairJson, id: number): number | undefined => {
  const p = round.pairings.find((x) => x.first === id || x.second === id)
  return p === undefined ? undefined : p.first === id ? p.second : p.first
}

describe('rackside pair --gibson (issue 10)', () => {
  test('the clinched leader meets the highest-ranked player out of contention, with the reason', async () => {
    const gibson = await pair('--gibson', '--rounds', '4', '--prize-bands', '1,2,3')
    expect(opponentOf(gibson, 1)).toBe(6)
    expect(gibson.pairings.find((p) => p.first === 1 || p.second === 1)?.reason).toMatch(
      /^Gibsonized: Alpha, Ann has clinched 1st place with 1 game left; vs the highest-ranked player out of contention/,
    )
    const plain = await pair()
    expect(plain.pairings.some((p) => p.reason.startsWith('Gibsonized'))).toBe(false)
  })

  test('with 600 a game Bob could still catch Ann: no Gibson', async () => {
    const round = await pair('--gibson', '--rounds', '4', '--gibson-spread', '600')
    expect(round.pairings.some((p) => p.reason.startsWith('Gibsonized'))).toBe(false)
  })

  test('--avoid keeps a pair apart', async () => {
    const plain = await pair()
    const partner = opponentOf(plain, 1) ?? 0
    const round = await pair('--avoid', `1:${String(partner)}`)
    expect(opponentOf(round, 1)).not.toBe(partner)
  })
})

describe('the flags are checked, naming the bad one', () => {
  const run = (flags: string[], options: Record<string, string>) => () =>
    contentionFromArgs(new Set(flags), new Map(Object.entries(options)))

  test.each([
    [['gibson'], {}, '--gibson and --contender-rounds need --rounds TOTAL'],
    [['gibson'], { rounds: 'eight' }, '--rounds must be a whole number, not "eight"'],
    [
      ['gibson'],
      { rounds: '8', 'prize-bands': '1,3,2' },
      'in increasing order from 1, not "1,3,2"',
    ],
    [[], { 'gibson-spread': '300' }, 'take effect with --gibson or --contender-rounds'],
    [[], { avoid: '3-3' }, '--avoid takes pairs of two player numbers like 3:17, not "3-3"'],
  ])('%j %j', (flags, options, message) => {
    expect(run(flags, options)).toThrow(message)
  })

  test("defaults: tsh's 500 a game (NASPA ruling 2016), contention on from the flags", () => {
    expect(run(['gibson'], { rounds: '8' })()).toEqual({
      gibson: { totalRounds: 8, maxSpreadPerRound: 500, gibsonize: true, contenderRounds: 0 },
    })
    expect(run([], { 'contender-rounds': '2', rounds: '8', avoid: '1:2, 3-4' })()).toEqual({
      gibson: { totalRounds: 8, maxSpreadPerRound: 500, gibsonize: false, contenderRounds: 2 },
      avoid: [
        [1, 2],
        [3, 4],
      ],
    })
  })

  const automatic = (options: Record<string, string>) =>
    contentionFromArgs(new Set(), new Map(Object.entries(options)), true)

  test.each([
    ['the last 3 rounds, as tsh ChewPair’s flights', { rounds: '8' }, 3],
    ['a two-round event: both rounds', { rounds: '2' }, 2],
    ['--contender-rounds 1', { rounds: '8', 'contender-rounds': '1' }, 1],
  ])('the automatic plan pairs contenders by default: %s', (_name, options, rounds) => {
    expect(automatic(options).gibson?.contenderRounds).toBe(rounds)
  })

  test('the automatic plan with --contender-rounds 0, or a chosen --system, pairs no contenders', () => {
    expect(automatic({ rounds: '8', 'contender-rounds': '0' })).toEqual({})
    expect(run([], { rounds: '8' })()).toEqual({})
  })
})
