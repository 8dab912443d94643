import { describe, expect, test } from 'vitest'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { applyAll, ID } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { findDivision } from '../tournament/views'
import {
  parseTypedPairings,
  proposeTypedPairing,
  type TypedOptions,
  type TypedPairings,
} from './manual-pairing'
import { describeWarning, proposePairing } from './pair-next'
import { deskEvent, deskSetup } from './test-support/desk-event'

/** Seven players (Ann Smith #1 … Fay Wong #7), four rounds, nothing paired. */
const fresh = applyAll(deskSetup())
/** The same with round 1 paired: Ann–Bob, Joanne–Dan, Ed–Cy, Fay's bye. */
const roundOne = deskEvent().state

const divisionOf = (state: TournamentState) => {
  const found = findDivision(state, 'A')
  if (!found.ok) throw new Error(found.error.message)
  return found.value
}

function parsed(text: string, state = fresh, round = 1): TypedPairings {
  const read = parseTypedPairings(text, divisionOf(state), round)
  if (!read.ok) throw new Error(`${read.error.code}: ${read.error.message}`)
  return read.value
}

describe("typing pairings as with tsh's pm (issue 10)", () => {
  test.each([
    [
      'numbers',
      '1 2, 3 4',
      [
        [1, 2],
        [3, 4],
      ],
      [],
    ],
    [
      'numbers with # and v',
      '#1 v #2; 3 vs 4',
      [
        [1, 2],
        [3, 4],
      ],
      [],
    ],
    ['a dash between numbers', '1-2', [[1, 2]], []],
    [
      'one pairing a line',
      '1 2\n5 6\nbye 7',
      [
        [1, 2],
        [5, 6],
      ],
      [7],
    ],
    ['a whole word beats a part: "ann" is Ann Smith, not Joanne or Dan', 'ann dan', [[1, 4]], []],
    ['"bob" is Bob Jones, the word, before Cy Bobson', 'bob fay', [[2, 7]], []],
    ['bye after the player', '7 bye', [], [7]],
    ["tsh's opponent 0 is the bye", '1 2, 7 0', [[1, 2]], [7]],
    ['case does not matter', 'ANN Fay', [[1, 7]], []],
  ])('%s: "%s"', (_name, text, games, byes) => {
    expect(parsed(text)).toEqual({ games, byes })
  })

  test.each([
    ['', 'manual.empty', 'Type the pairings'],
    ['1 2 3', 'manual.entry.shape', '"1 2 3": a pairing names two players'],
    ['bye', 'manual.entry.shape', '"bye": a pairing names two players'],
    ['1 2, zed 3', 'manual.player.no-match', '"zed" in "zed 3" matches no player'],
    ['#40 1', 'manual.player.unknown', '"#40" in "#40 1": division A has no player #40'],
    ['1 2, 2 3', 'manual.player.twice', '"2" in "2 3": Bob Jones (#2) is already in "1 2"'],
    ['3 3', 'manual.player.twice', '"3 3": Joanne Tan (#3) cannot play themselves'],
    [
      'jo 5',
      'manual.player.ambiguous',
      '"jo" in "jo 5" matches 2 players (Bob Jones (#2), Joanne Tan (#3)): type more of the name or the number',
    ],
  ])('bad input "%s" is refused, naming the token (%s)', (text, code, message) => {
    const read = parseTypedPairings(text, divisionOf(fresh), 1)
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.error.code).toBe(code)
    expect(read.error.message).toContain(message)
  })

  test('a withdrawn player cannot be typed', () => {
    const state = applyAll([
      ...deskSetup(),
      { type: 'withdrawPlayer', division: 'A', player: 4, fromRound: 1 },
    ])
    const read = parseTypedPairings('1 4', divisionOf(state), 1)
    expect(read.ok ? '' : read.error.message).toMatch(/^"4" in "1 4": Dan Lee \(#4\) withdrew/)
  })
})

const options = (rest: TypedOptions['rest']): TypedOptions => ({ rest, seed: 3 })

function proposed(state: TournamentState, text: string, rest: TypedOptions['rest'], round = 1) {
  const result = proposeTypedPairing(state, 'A', round, parsed(text, state, round), options(rest))
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value
}

describe('the typed round: the rest by the system, or refused', () => {
  test('the system pairs whoever was not typed; typed pairs take the top tables, locked', () => {
    const proposal = proposed(fresh, '1 2, 3 4, bye 7', 'system')
    const games = proposal.command.pairings.filter((p) => p.kind === 'game')
    expect(games.slice(0, 2)).toMatchObject([
      { table: 1, players: [1, 2], locked: true, reason: 'typed by the director' },
      { table: 2, players: [3, 4], locked: true, reason: 'typed by the director' },
    ])
    expect(games[2]).toMatchObject({ table: 3 })
    expect([...(games[2]?.kind === 'game' ? games[2].players : [])].sort()).toEqual([5, 6])
    expect(proposal.command.pairings).toContainEqual(
      expect.objectContaining({ kind: 'bye', player: 7 }),
    )
    expect(apply(fresh, proposal.command, ID).ok).toBe(true)
  })

  test('refused while anyone playing is left out, naming them', () => {
    const result = proposeTypedPairing(fresh, 'A', 1, parsed('1 2, 3 4, bye 7'), options('refuse'))
    expect(result.ok ? '' : result.error.message).toBe(
      'Not paired yet: Ed Ng (#5), Cy Bobson (#6). Type their pairings too, or let the system pair the rest.',
    )
  })

  test('a whole round typed is stored as the director typed it', () => {
    const proposal = proposed(fresh, '1 6, 2 5, 3 4, bye 7', 'refuse')
    expect(proposal.command).toMatchObject({ system: 'manual', round: 1 })
    expect(proposal.replacesRound).toBe(false)
    expect(proposal.command.pairings).toHaveLength(4)
  })

  test('typed into a paired round, only the named players move; their old partners must be typed', () => {
    const refused = proposeTypedPairing(
      roundOne,
      'A',
      1,
      parsed('1 3', roundOne),
      options('refuse'),
    )
    expect(refused.ok ? '' : refused.error.message).toMatch(
      /^Not paired yet: Bob Jones \(#2\), Dan Lee \(#4\)\./,
    )
    const proposal = proposed(roundOne, '1 3, 2 4', 'refuse')
    expect(proposal.replacesRound).toBe(true)
    expect(proposal.command.pairings).toEqual([
      expect.objectContaining({ kind: 'game', table: 3, players: [5, 6] }),
      expect.objectContaining({ kind: 'bye', player: 7 }),
      expect.objectContaining({ kind: 'game', table: 1, players: [1, 3], locked: true }),
      expect.objectContaining({ kind: 'game', table: 2, players: [2, 4], locked: true }),
    ])
  })

  test('typed into a paired round with the rest to the system, only the displaced are paired again', () => {
    const proposal = proposed(roundOne, '1 3', 'system')
    expect(proposal.replacesRound).toBe(true)
    const games = proposal.command.pairings.filter((p) => p.kind === 'game')
    expect(games.map((p) => [p.table, p.players, p.locked ?? false])).toEqual([
      [1, [1, 3], true],
      [2, [2, 4], false],
      [3, [5, 6], false],
    ])
  })

  test('a Manual plan step leaves the rest to Swiss when the director asks the system', () => {
    const manual = applyAll([
      ...deskSetup(),
      {
        type: 'setPairingPlan',
        division: 'A',
        plan: [{ fromRound: 1, system: 'manual', basedOn: 'previous', maxRepeats: 0 }],
      },
    ])
    // The Pair button has nothing to pair: it says to type, not who is missing.
    const untyped = proposePairing(manual, 'A', 1, { seed: 1 })
    expect(untyped.ok ? '' : untyped.error).toMatchObject({
      code: 'pairing.manual.type',
      message:
        'The plan pairs round 1 by hand: type its pairings (the players left out can be paired by Swiss).',
    })
    const proposal = proposed(manual, '1 2', 'system')
    expect(proposal.command.system).toBe('swiss')
    expect(proposal.summary[0]).toMatch(/^Swiss on the ratings/)
  })

  test('under a schedule (Initial Fontes) the rest is paired by Swiss: a schedule cannot keep typed pairs', () => {
    const fontes = applyAll([
      ...deskSetup(),
      {
        type: 'setPairingPlan',
        division: 'A',
        plan: [
          { fromRound: 1, system: 'fontes', basedOn: 'previous', maxRepeats: 0 },
          { fromRound: 4, system: 'swiss', basedOn: 'previous', maxRepeats: 0 },
        ],
      },
    ])
    const proposal = proposed(fontes, '1 2', 'system')
    expect(proposal.command.system).toBe('swiss')
    expect(proposal.command.pairings[0]).toMatchObject({ table: 1, players: [1, 2], locked: true })
  })

  test('a pair on the do-not-pair list is typed anyway, and the review says so', () => {
    const setList: Command = {
      type: 'setDoNotPair',
      division: 'A',
      doNotPair: {
        groups: [{ players: [1, 2], reason: 'family', note: 'siblings' }],
        sameClubRounds: 0,
      },
    }
    const state = applyAll([...deskSetup(), setList])
    const proposal = proposed(state, '1 2, 3 4, 5 6, bye 7', 'refuse')
    const words = proposal.warnings.map((w) => describeWarning(state, 'A', w))
    expect(words).toContain(
      'Table 1: Ann Smith (#1) and Bob Jones (#2) are on the do-not-pair list (family: siblings)',
    )
  })
})
