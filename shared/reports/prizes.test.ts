/**
 * Prizes worked out from a small event (issue 14). How tsh counts them, as our tests read its
 * PRiZes command: prize lines are awarded in the order listed; a rank prize goes to the first
 * players ranked at or below its place by wins, losses and spread; an exclusive prize passes over
 * a player who already won one of its group; players level on the criterion share a prize; highwin
 * is each player's highest winning score, highloss the highest losing one, lowwin the lowest
 * winning one; an upset is a win over a higher-rated opponent, ranked by the rating gap;
 * roundrecord is the best record over a range of rounds.
 */
import { describe, expect, test } from 'vitest'
import type { PlayerId } from '../results/game-result'
import type { Command, PairingSpec } from '../tournament/commands'
import { apply } from '../tournament/apply'
import { EMPTY_PRIZE_TABLE, type Prize, type PrizeTable } from '../tournament/prizes'
import { applyAll, create, ID, played, register } from '../tournament/test-support/event'
import { gameLists } from './game-lists'
import { prizesReport, shareText } from './prizes'
import { buildReport } from './report'
import { teamStandings } from './team-standings'
import type { WallChart } from './wall-chart'

/*
 * Six players, three rounds. Classes by rating: A from 1700, B below.
 *   R1: t1 Ann 450–400 Bob; t2 Cy 500–300 Di; t3 Fay 420–410 Ed (Fay 1300 beats Ed 1400)
 *   R2: t1 Ann 400–380 Cy; t2 Bob 390–350 Fay; t3 Ed 360–355 Di (Ed 1400 beats Di 1500)
 *   R3: t1 Cy 520–300 Bob (1600 beats 1800); t2 Di 410–400 Ann (1500 beats 1900);
 *       t3 Fay 380–370 Ed
 * Standings: 1 Cy 2–1 +400; 2 Ann 2–1 +60; 3 Fay 2–1 −20; 4 Ed 1–2 −15; 5 Di 1–2 −195;
 * 6 Bob 1–2 −230.
 */
const PLAYERS: readonly [string, number, string][] = [
  ['Ann', 1900, 'North'],
  ['Bob', 1800, 'South'],
  ['Cy', 1600, 'North'],
  ['Di', 1500, 'South'],
  ['Ed', 1400, 'North'],
  ['Fay', 1300, ''],
]
const [ANN, BOB, CY, DI, ED, FAY] = [1, 2, 3, 4, 5, 6]

type Game = readonly [PlayerId, number, PlayerId, number]
const ROUNDS: readonly (readonly Game[])[] = [
  [
    [ANN, 450, BOB, 400],
    [CY, 500, DI, 300],
    [FAY, 420, ED, 410],
  ],
  [
    [ANN, 400, CY, 380],
    [BOB, 390, FAY, 350],
    [ED, 360, DI, 355],
  ],
  [
    [CY, 520, BOB, 300],
    [DI, 410, ANN, 400],
    [FAY, 380, ED, 370],
  ],
]

function event(rounds: number, playedRounds = 3): Command[] {
  const commands: Command[] = [create('nsa1995', rounds), { type: 'addDivision', name: 'A' }]
  for (const [name, rating, club] of PLAYERS) {
    const r = register(name, rating)
    if (r.type === 'registerPlayer') commands.push({ ...r, player: { ...r.player, club } })
  }
  ROUNDS.slice(0, playedRounds).forEach((games, k) => {
    const pairings: PairingSpec[] = games.map(([a, , b], t) => ({
      kind: 'game',
      table: t + 1,
      players: [a, b],
    }))
    commands.push({ type: 'pairRound', division: 'A', round: k + 1, system: 'manual', pairings })
    games.forEach(([a, sa, b, sb], t) =>
      commands.push({
        type: 'recordResult',
        division: 'A',
        round: k + 1,
        game: { table: t + 1 },
        result: played([a, b], [sa, sb]),
      }),
    )
  })
  return commands
}

const prize = (extra: Partial<Prize> & Pick<Prize, 'kind'>): Prize => ({
  place: 1,
  group: { kind: 'all' },
  value: '$100',
  exclusive: true,
  ...extra,
})

const CLASSES: PrizeTable['classes'] = {
  kind: 'rating',
  bands: [
    { name: 'A', minRating: 1700 },
    { name: 'B', minRating: 0 },
  ],
}

function awards(
  table: Partial<PrizeTable>,
  rounds = 3,
  playedRounds = 3,
  extra: readonly Command[] = [],
) {
  const state = applyAll([
    ...event(rounds, playedRounds),
    ...extra,
    {
      type: 'setPrizes',
      division: 'A',
      prizes: { ...EMPTY_PRIZE_TABLE, classes: CLASSES, ...table },
    },
  ])
  const report = prizesReport(state, 'A', rounds)
  if (!report.ok) throw new Error(report.error.message)
  return report.value
}

const winnersOf = (report: ReturnType<typeof awards>): string[] =>
  report.awards.map((a) => `${a.title}: ${a.winners.map((w) => w.name).join(' & ') || '-'}`)

describe('place prizes, one prize per player and class prizes (tsh rank prizes, exclusive=, class=)', () => {
  test('tsh rank: 1st and 2nd place go down the standings (wins, losses, spread)', () => {
    const report = awards({
      prizes: [prize({ kind: 'place' }), prize({ kind: 'place', place: 2 })],
    })
    expect(winnersOf(report)).toEqual(['1st place: Cy', '2nd place: Ann'])
    expect(report.awards[0]?.winners[0]?.detail).toBe('2–1 +400')
    expect(report.provisional).toBe(false)
  })

  test('tsh exclusive=: the class B winner also placed 1st overall, so Class B 1st goes to the next B player', () => {
    const report = awards({
      prizes: [
        prize({ kind: 'place' }),
        prize({ kind: 'place', place: 2 }),
        prize({ kind: 'place', group: { kind: 'class', name: 'B' } }),
      ],
    })
    expect(winnersOf(report)).toEqual(['1st place: Cy', '2nd place: Ann', 'Class B 1st place: Fay'])
    expect(report.awards[2]?.passedOver).toEqual(['Cy (won prize 1)'])
  })

  test('the director allows more than one prize: the class prize goes to the class winner, Cy again', () => {
    const report = awards({
      prizes: [
        prize({ kind: 'place', exclusive: false }),
        prize({ kind: 'place', group: { kind: 'class', name: 'B' }, exclusive: false }),
      ],
    })
    expect(winnersOf(report)).toEqual(['1st place: Cy', 'Class B 1st place: Cy'])
  })

  test('tsh awards in the order listed: with the class prize first, Cy takes it and 1st place goes to Ann', () => {
    const report = awards({
      prizes: [
        prize({ kind: 'place', group: { kind: 'class', name: 'B' } }),
        prize({ kind: 'place' }),
      ],
    })
    expect(winnersOf(report)).toEqual(['Class B 1st place: Cy', '1st place: Ann'])
  })

  test('a flagged junior prize: Ed and Di are juniors, Ed has the better record', () => {
    const report = awards({
      flags: [
        { player: DI, flag: 'junior' },
        { player: ED, flag: 'junior' },
      ],
      prizes: [prize({ kind: 'place', group: { kind: 'flag', flag: 'junior' } })],
    })
    expect(winnersOf(report)).toEqual(['Junior 1st place: Ed'])
  })
})

describe('shared places (tsh: players level on the criterion share the prize)', () => {
  test.each([
    ['spread', ['1st place: Cy'], null],
    ['share', ['1st place: Cy & Ann & Fay'], 'shared by 3: $100 each'],
  ] as const)('tie rule %s', (ties, expected, shared) => {
    const report = awards({ ties, prizes: [prize({ kind: 'place', value: '$300' })] })
    expect(winnersOf(report)).toEqual(expected)
    expect(report.awards[0]?.shared).toBe(shared === null ? null : shared)
  })

  test.each([
    // Cy, Ann and Fay are all 2–1: spread gives Cy 1st, and the two behind him are named.
    ['spread', 1, true, ['Ann', 'Fay']],
    // 2nd place: Ann beats Fay on spread; Cy (ranked above, with 1st) is not "tied behind".
    ['spread', 2, false, ['Fay']],
    // One prize per player: Cy has 1st, so 2nd goes to Ann and only Fay was level behind her.
    ['spread', 2, true, ['Fay']],
    // Under "share" nobody loses on a tie-break, so nobody is named.
    ['share', 1, true, []],
  ] as const)(
    'tie rule %s, place %i (one per player %s): players level on 2–1 who lost on spread are named %j (issue 19)',
    (ties, place, exclusive, behind) => {
      const report = awards({
        ties,
        prizes: [prize({ kind: 'place' }), prize({ kind: 'place', place: 2, exclusive })].slice(
          0,
          place,
        ),
      })
      const last = report.awards[place - 1]
      expect(last?.tiedBehind.map((w) => w.name)).toEqual(behind)
    },
  )

  test('under “share”, Cy, Ann and Fay tie for 1st: the 1st, 2nd and 3rd place prizes are pooled and split; 4th goes to the next record', () => {
    const report = awards({
      ties: 'share',
      prizes: [
        prize({ kind: 'place', value: '$300' }),
        prize({ kind: 'place', place: 2, value: '$200' }),
        prize({ kind: 'place', place: 3, value: '$100' }),
        prize({ kind: 'place', place: 4, value: '$40' }),
      ],
    })
    expect(winnersOf(report)).toEqual([
      '1st place: Cy & Ann & Fay',
      '2nd place: Cy & Ann & Fay',
      '3rd place: Cy & Ann & Fay',
      '4th place: Ed & Di & Bob',
    ])
    expect(report.awards.map((a) => a.shared)).toEqual([
      '$300 + $200 + $100 pooled, shared by 3: $200 each',
      'pooled into prize 1',
      'pooled into prize 1',
      'shared by 3: $13.33 each',
    ])
  })

  test.each([
    [['$300'], 2, 'shared by 2: $150 each'],
    [['$100'], 3, 'shared by 3: $33.33 each'],
    [['500 EUR'], 2, 'shared by 2: 250 EUR each'],
    [['$100', '$60'], 2, '$100 + $60 pooled, shared by 2: $80 each'],
    [['$100', 'Trophy'], 2, '$100 + Trophy pooled, shared by 2'],
    [['1,500,000+TROPHY'], 2, 'shared by 2'],
    [['Trophy'], 2, 'shared by 2'],
  ])('%j shared between %i', (values, count, text) => {
    expect(shareText(values, count)).toBe(text)
  })
})

describe('game prizes (tsh highwin, highloss, lowwin, upset) and record prizes', () => {
  test.each([
    ['high-win', 'High game (win): Cy', 'Round 3, table 1: 520–300 vs Bob'],
    ['high-loss', 'High loss: Ed', 'Round 1, table 3: 410–420 vs Fay'],
    ['low-win', 'Low win: Ed', 'Round 2, table 3: 360–355 vs Di'],
    ['upset', 'Biggest upset: Di', 'Round 3, table 2: 410–400 vs Ann, 1500 beat 1900'],
    ['spread', 'Best spread: Cy', '+400'],
  ] as const)('%s', (kind, winner, detail) => {
    const report = awards({ prizes: [prize({ kind })] })
    expect(winnersOf(report)).toEqual([winner])
    expect(report.awards[0]?.winners[0]?.detail).toBe(detail)
  })

  test.each([
    ['spread', ['High game: 4th: Di'], null, ['Ed']],
    ['share', ['High game: 4th: Di & Ed'], 'shared by 2: $50 each', []],
  ] as const)(
    'high game of any result, 4th best: Di (410, won by 10) and Ed (410, lost by 10); tie rule %s; said tied behind: %j',
    (ties, expected, shared, behind) => {
      // Each player's best score: Cy 520, Ann 450, Fay 420, Di 410, Ed 410, Bob 400; under
      // “spread” the game's spread puts Di ahead of Ed.
      const report = awards({
        ties,
        prizes: [prize({ kind: 'high-game', place: 4, value: '$100', exclusive: false })],
      })
      expect(winnersOf(report)).toEqual(expected)
      expect(report.awards[0]?.shared).toBe(shared)
      // Issue 19: the tie the spread broke is said, not hidden (the game lists show them joint).
      expect(report.awards[0]?.tiedBehind.map((w) => w.name)).toEqual(behind)
    },
  )

  test('tsh upset: the 2nd biggest upset is Cy over Bob, 200 rating points', () => {
    const report = awards({ prizes: [prize({ kind: 'upset', place: 2, exclusive: false })] })
    expect(winnersOf(report)).toEqual(['Biggest upset: 2nd: Cy'])
  })

  test('tsh roundrecord: most wins in rounds 2–3, everyone 1–1, spread decides: Cy +200', () => {
    const report = awards({
      prizes: [prize({ kind: 'session', rounds: { from: 2, to: 3 } })],
    })
    expect(winnersOf(report)).toEqual(['Most wins in a session, rounds 2–3: Cy'])
    expect(report.awards[0]?.winners[0]?.detail).toBe('1–1 +200')
  })

  test('best spread counts the director’s spread penalties in their round (NSA IV.J.3): Cy loses 350 in round 3', () => {
    const penalty: Command = {
      type: 'assignPenalty',
      division: 'A',
      player: CY,
      round: 3,
      points: 350,
      reason: 'conduct',
    }
    const report = awards(
      {
        prizes: [
          prize({ kind: 'spread', exclusive: false }),
          prize({ kind: 'spread', rounds: { from: 1, to: 2 }, exclusive: false }),
        ],
      },
      3,
      3,
      [penalty],
    )
    // The event: Cy +400 − 350 = +50, behind Ann's +60. Rounds 1–2 (before the penalty): Cy +180.
    expect(winnersOf(report)).toEqual(['Best spread: Ann', 'Best spread, rounds 1–2: Cy'])
    expect(report.awards.map((a) => a.winners[0]?.detail)).toEqual(['+60', '+180'])
  })

  test('one prize per player across kinds: Cy has the high win, so best spread goes to Ann', () => {
    const report = awards({ prizes: [prize({ kind: 'high-win' }), prize({ kind: 'spread' })] })
    expect(winnersOf(report)).toEqual(['High game (win): Cy', 'Best spread: Ann'])
  })
})

describe('if the event ended now, and who can still reach each place (gibson.ts bounds)', () => {
  const spreadOf = (maxSpread: number): Command => ({
    type: 'setContention',
    division: 'A',
    contention: { gibson: false, prizeBands: [1, 2, 3], maxSpread, contenderRounds: 0 },
  })
  test.each([
    [
      "tsh's default gibson_spread, 500 a game (NASPA ruling 2016: 1,000 a round): Bob (−230) and Di (−195) can still close on Cy's +400",
      [],
      ['Cy', 'Ann', 'Fay', 'Ed', 'Di', 'Bob'],
    ],
    [
      'the director’s 250 a game: Bob (−230) and Di (−195) cannot pass Cy’s +400',
      [spreadOf(250)],
      ['Cy', 'Ann', 'Fay', 'Ed'],
    ],
  ])('four rounds, three played, one game left: %s', (_name, extra, open) => {
    const report = awards({ prizes: [prize({ kind: 'place' })] }, 4, 3, extra)
    expect(report.provisional).toBe(true)
    expect(report.roundsLeft).toBe(1)
    expect(report.contenders[0]?.players.map((p) => p.name)).toEqual(open)
    expect(report.contenders[0]?.players[0]).toMatchObject({ best: 1 })
  })

  test('a finished event has no contenders', () => {
    expect(awards({ prizes: [prize({ kind: 'place' })] }).contenders).toEqual([])
  })
})

describe('validation of the prize table', () => {
  const base = applyAll(event(3))
  test.each([
    [{ prizes: [prize({ kind: 'place', place: 0 })] }, 'prizes.place.invalid'],
    [{ prizes: [prize({ kind: 'place', value: ' ' })] }, 'prizes.value.empty'],
    [
      { prizes: [prize({ kind: 'place', group: { kind: 'class', name: 'Z' } })] },
      'prizes.class.unknown',
    ],
    [{ prizes: [prize({ kind: 'session' })] }, 'prizes.rounds.missing'],
    [{ prizes: [prize({ kind: 'spread', rounds: { from: 2, to: 5 } })] }, 'prizes.rounds.invalid'],
    [{ flags: [{ player: 9, flag: 'junior' as const }] }, 'prizes.flags.player'],
  ])('refused: %j', (table, code) => {
    const result = apply(
      base,
      {
        type: 'setPrizes',
        division: 'A',
        prizes: { ...EMPTY_PRIZE_TABLE, classes: CLASSES, ...table },
      },
      ID,
    )
    expect(result.ok ? 'accepted' : result.error.code).toBe(code)
  })
})

describe('game lists, ranked wall chart and team standings', () => {
  const state = applyAll(event(3))

  test('game lists: high game, high loss, low win, high combined and upsets with round and table', () => {
    const lists = gameLists(state, 'A', 3, 2)
    if (!lists.ok) throw new Error(lists.error.message)
    const line = (k: number) =>
      lists.value.lists[k]?.entries.map(
        (e) =>
          `${e.player.name} ${e.score}-${e.opponentScore} r${e.round} t${e.table} (${e.value})`,
      )
    expect(line(0)).toEqual(['Cy 520-300 r3 t1 (520)', 'Cy 500-300 r1 t2 (500)'])
    expect(line(1)).toEqual([
      'Ed 410-420 r1 t3 (410)',
      'Bob 400-450 r1 t1 (400)',
      'Ann 400-410 r3 t2 (400)',
    ])
    expect(line(2)).toEqual(['Ed 360-355 r2 t3 (360)', 'Fay 380-370 r3 t3 (380)'])
    expect(line(3)).toEqual(['Ann 450-400 r1 t1 (850)', 'Fay 420-410 r1 t3 (830)'])
    expect(line(4)).toEqual(['Di 410-400 r3 t2 (400)', 'Cy 520-300 r3 t1 (200)'])
  })

  test('the ranked wall chart lists rows in standings order', () => {
    const chart = buildReport(state, { kind: 'ranked-wall-chart', division: 'A', round: 3 })
    if (!chart.ok) throw new Error(chart.error.message)
    expect((chart.value as WallChart).rows.map((r) => r.name)).toEqual([
      'Cy',
      'Ann',
      'Fay',
      'Ed',
      'Di',
      'Bob',
    ])
  })

  test('tsh "Average Team Record": North (Ann, Cy, Ed: 5–4) ahead of South (Bob, Di: 2–4); Fay has no club', () => {
    const teams = teamStandings(state, 'A', 3)
    if (!teams.ok) throw new Error(teams.error.message)
    expect(teams.value.rows.map((r) => [r.rank, r.team, r.wins, r.losses, r.spread])).toEqual([
      [1, 'North', 5, 4, 445],
      [2, 'South', 2, 4, -425],
    ])
    expect(teams.value.sources).toEqual(['club'])
    expect(teams.value.withoutTeam).toBe(1)
  })

  test('a tsh team tag counts before the club: Fay plays for the Lions with Ann', () => {
    const tagged = applyAll(
      event(3).map((c) =>
        c.type === 'registerPlayer' && (c.player.name === 'Fay' || c.player.name === 'Ann')
          ? { ...c, tsh: { tags: [{ name: 'team', values: ['Lions'] }] } }
          : c,
      ),
    )
    const teams = teamStandings(tagged, 'A', 3)
    if (!teams.ok) throw new Error(teams.error.message)
    expect(teams.value.rows.map((r) => [r.team, r.members.map((m) => m.name)])).toEqual([
      ['Lions', ['Ann', 'Fay']],
      ['North', ['Cy', 'Ed']],
      ['South', ['Di', 'Bob']],
    ])
    expect(teams.value.sources).toEqual(['club', 'team'])
  })
})
