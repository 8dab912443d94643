import { randomInt } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import type { Command } from '../../shared/tournament/commands'
import { applyAll, create, register } from '../../shared/tournament/test-support/event'
import { PAIRING_CODE_ALPHABET } from '../../shared/venue/protocol'
import {
  CODE_LOCKOUT_MS,
  codeViews,
  codeWords,
  isStoredPlayerCode,
  newCode,
  normalizeCode,
  PLAYER_CODE_LENGTH,
  PlayerCodeLimits,
  playerOfCode,
  reissueCode,
  revokeCode,
  withEveryCode,
  WRONG_CODE_WINDOW_MS,
  WRONG_CODES_PER_WINDOW,
} from './player-codes'

const REGISTERED: readonly Command[] = [
  create(),
  { type: 'addDivision', name: 'A' },
  register('Ann Able'),
  register('Bob Baker'),
  { type: 'addDivision', name: 'B' },
  register('Cy Cole', 0, 'B'),
]
const state = applyAll(REGISTERED)

/** A sequence of "random" numbers, for worked examples. */
function counting(): (n: number) => number {
  let i = 0
  return (n) => i++ % n
}

describe('players’ codes (issue 30: "codes cannot be guessed")', () => {
  test('a code is eight characters of the pairing alphabet, with no look-alikes (0/O, 1/I/L, 5/S, 2/Z, 8/B)', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newCode(randomInt, new Set())))
    // 2000 draws from 25^8 ≈ 1.5·10^11 codes: none twice.
    expect(codes.size).toBe(2000)
    for (const code of codes) {
      expect(code).toHaveLength(PLAYER_CODE_LENGTH)
      expect([...code].every((c) => PAIRING_CODE_ALPHABET.includes(c))).toBe(true)
      expect(code).not.toMatch(/[0O1IL5S2Z8B]/)
    }
    expect(PAIRING_CODE_ALPHABET.length ** PLAYER_CODE_LENGTH).toBeGreaterThan(1e11)
  })

  test('a code already given is never given again', () => {
    // The first draw would be ACDEFGHJ, which is taken.
    expect(newCode(counting(), new Set(['ACDEFGHJ']))).toBe('KMNPQRTU')
  })

  test.each([
    ['acde-fghj', 'ACDEFGHJ'],
    [' ACDE FGHJ ', 'ACDEFGHJ'],
    ['ACDEFGHJ', 'ACDEFGHJ'],
    ['ACDEFGH', undefined],
    ['ACDEFGHJK', undefined],
    ['ACDEFGH0', undefined],
    ['../etc/p', undefined],
  ])('typed %j is the code %j', (typed, code) => {
    expect(normalizeCode(typed)).toBe(code)
  })

  test('printed as two groups of four', () => {
    expect(codeWords('ACDEFGHJ')).toBe('ACDE-FGHJ')
  })

  test('every player gets a code once; a second call changes nothing', () => {
    const codes = withEveryCode([], state, randomInt)
    expect(codes).toHaveLength(3)
    expect(new Set(codes.map((c) => c.code)).size).toBe(3)
    expect(withEveryCode(codes, state, randomInt)).toBe(codes)
    expect(codeViews(codes, state).map((v) => [v.division, v.player, v.name, v.issue])).toEqual([
      ['A', 1, 'Ann Able', 1],
      ['A', 2, 'Bob Baker', 1],
      ['B', 1, 'Cy Cole', 1],
    ])
  })

  test('a code opens its own player, found by the player’s key', () => {
    const codes = withEveryCode([], state, randomInt)
    const bob = codes[1]?.code ?? ''
    expect(playerOfCode(codes, state, bob)).toMatchObject({
      division: 'A',
      player: { id: 2, name: 'Bob Baker' },
    })
    expect(playerOfCode(codes, state, 'ACDEFGHJ')).toBeUndefined()
  })

  test('reissuing makes the old code stop working and the new one open the same player', () => {
    const codes = withEveryCode([], state, randomInt)
    const old = codes[0]?.code ?? ''
    const reissued = reissueCode({ codes, state, division: 'A', player: 1, randomBelow: randomInt })
    if (!reissued.ok) throw new Error(reissued.error.message)
    const fresh = reissued.value[0]?.code ?? ''
    expect(fresh).not.toBe(old)
    expect(playerOfCode(reissued.value, state, old)).toBeUndefined()
    expect(playerOfCode(reissued.value, state, fresh)?.player.name).toBe('Ann Able')
    expect(codeViews(reissued.value, state)[0]).toMatchObject({ code: fresh, issue: 2 })
    // The others keep theirs.
    expect(reissued.value.slice(1)).toEqual(codes.slice(1))
  })

  test('a revoked code opens nothing and is listed without a code; reissuing gives one again', () => {
    const codes = withEveryCode([], state, randomInt)
    const cy = codes[2]?.code ?? ''
    const revoked = revokeCode({ codes, state, division: 'B', player: 1, randomBelow: randomInt })
    if (!revoked.ok) throw new Error(revoked.error.message)
    expect(playerOfCode(revoked.value, state, cy)).toBeUndefined()
    expect(codeViews(revoked.value, state)[2]).toMatchObject({ name: 'Cy Cole', code: null })
    const again = reissueCode({
      codes: revoked.value,
      state,
      division: 'B',
      player: 1,
      randomBelow: randomInt,
    })
    if (!again.ok) throw new Error(again.error.message)
    const fresh = again.value[2]?.code ?? ''
    expect(fresh).not.toBe(cy)
    expect(playerOfCode(again.value, state, fresh)?.player.name).toBe('Cy Cole')
  })

  test.each([
    ['C', 1, 'venue.no-division'],
    ['A', 3, 'venue.no-player'],
  ])('division %s player %i cannot be given a code: %s', (division, player, code) => {
    const reissued = reissueCode({ codes: [], state, division, player, randomBelow: randomInt })
    expect(reissued.ok ? undefined : reissued.error.code).toBe(code)
    const revoked = revokeCode({ codes: [], state, division, player, randomBelow: randomInt })
    expect(revoked.ok ? undefined : revoked.error.code).toBe(code)
  })

  test('the desks file’s codes are read back only when whole', () => {
    const [first] = withEveryCode([], state, randomInt)
    expect(isStoredPlayerCode(first)).toBe(true)
    expect(isStoredPlayerCode({ ...first, code: 'short' })).toBe(false)
    expect(isStoredPlayerCode({ ...first, revoked: 'no' })).toBe(false)
    expect(isStoredPlayerCode(null)).toBe(false)
  })
})

describe('wrong codes lock a device out (issue 30: "rate limits, lockout")', () => {
  test('after a few wrong codes the device is refused every code for a while; other devices are not', () => {
    const limits = new PlayerCodeLimits()
    for (let i = 0; i < WRONG_CODES_PER_WINDOW - 1; i++) {
      expect(limits.locked('10.0.0.5', i)).toBeUndefined()
      limits.wrongCode('10.0.0.5', i)
    }
    expect(limits.locked('10.0.0.5', 10)).toBeUndefined()
    limits.wrongCode('10.0.0.5', 10)
    expect(limits.locked('10.0.0.5', 11)).toMatchObject({
      code: 'venue.code-lockout',
      message: expect.stringMatching(/try again in 15 minutes/) as unknown,
    })
    expect(limits.locked('10.0.0.6', 11)).toBeUndefined()
    expect(limits.locked('10.0.0.5', 10 + CODE_LOCKOUT_MS - 1)).toBeDefined()
    expect(limits.locked('10.0.0.5', 10 + CODE_LOCKOUT_MS)).toBeUndefined()
  })

  test('wrong codes spread wider than the window do not add up', () => {
    const limits = new PlayerCodeLimits()
    for (let i = 0; i < WRONG_CODES_PER_WINDOW * 2; i++) {
      limits.wrongCode('10.0.0.5', i * WRONG_CODE_WINDOW_MS)
      expect(limits.locked('10.0.0.5', i * WRONG_CODE_WINDOW_MS)).toBeUndefined()
    }
  })
})

describe('a code stops working when its player leaves the event (issue 30, review finding)', () => {
  const codes = withEveryCode([], state, counting())
  const annCode = codes.find(
    (c) => c.division === 'A' && c.key === state.divisions[0]?.players[0]?.key,
  )
  if (annCode === undefined) throw new Error('Ann has a code')
  const ann = state.divisions[0]?.players[0]
  if (ann === undefined) throw new Error('Ann')

  test.each([
    ['withdrawn', { type: 'withdrawPlayer', division: 'A', player: 1, fromRound: 1 } as const],
    [
      'his registration deleted (issue 32)',
      { type: 'deleteRegistration', division: 'A', player: 1, key: ann.key } as const,
    ],
    [
      'moved to another division (his old division’s entry is a deleted registration)',
      { type: 'movePlayer', division: 'A', player: 1, key: ann.key, to: 'B' } as const,
    ],
  ])('%s: his code opens nothing', (_what, command) => {
    expect(playerOfCode(codes, state, annCode.code)?.player.name).toBe('Ann Able')
    const after = applyAll([...REGISTERED, command])
    expect(playerOfCode(codes, after, annCode.code)).toBeUndefined()
    // Bob's code still opens Bob's page.
    const bobCode = codes.find((c) => c.key === after.divisions[0]?.players[1]?.key)?.code ?? ''
    expect(playerOfCode(codes, after, bobCode)?.player.name).toBe('Bob Baker')
  })
})
