import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import type { PresetId } from '../rules/rule-set'
import type { Command } from '../tournament/commands'
import {
  applyAll,
  create,
  register,
  WORKED_EXAMPLE,
  WORKED_EXAMPLE_LOG,
} from '../tournament/test-support/event'
import { printedRuleLines } from './header'
import { nameTags } from './name-tags'
import { checkTableRange, pairingsAlphabetical, pairingsByTable, type TableRow } from './pairings'
import { buildReport, REPORT_KINDS } from './report'
import { scorecards } from './scorecards'
import { resultSlips } from './slips'
import { standingsReport } from './standings-report'
import { wallChart } from './wall-chart'

const state = applyAll(WORKED_EXAMPLE_LOG)
const { setup, round1 } = WORKED_EXAMPLE

/** A row as MSA posts it: the starter's name with `*`, "draw" when the players draw for first. */
function posted(row: TableRow): string {
  switch (row.kind) {
    case 'game': {
      const [a, b] = row.seats
      const mark = (s: typeof a): string => `${s.name}${s.starts ? '*' : ''}`
      const draw = row.start.kind === 'draw' ? ' (draw)' : ''
      return `${row.table}: ${mark(a)} v ${mark(b)}${draw}`
    }
    case 'bye':
      return `bye: ${row.player.name} +${row.spread}`
  }
}

describe('the tile-draw procedure is printed where a table draws for first', () => {
  test('NSA II.F.1: round 1 draws at every table: pairings and slips say how to draw', () => {
    const procedure = rulesFromPreset('nsa1995').printed.tileDraw
    const byTable = pairingsByTable(state, 'A', 1)
    expect(byTable.ok && byTable.value.tileDraw).toBe(procedure)
    const alphabetical = pairingsAlphabetical(state, 'A', 1)
    expect(alphabetical.ok && alphabetical.value.tileDraw).toBe(procedure)
    const slips = resultSlips(state, 'A', 1)
    expect(slips.ok && slips.value.tileDraw).toBe(procedure)
  })

  test('NSA II.F.1, II.F.2: round 2 has every starter decided: the pairings print no draw procedure', () => {
    const byTable = pairingsByTable(state, 'A', 2)
    expect(
      byTable.ok && byTable.value.rows.some((r) => r.kind === 'game' && r.start.kind === 'draw'),
    ).toBe(false)
    expect(byTable.ok && byTable.value.tileDraw).toBeNull()
  })
})

describe('pairings by table (MSA marks the starter with *)', () => {
  test.each([
    // NSA II.F.1: nobody has a first in round 1 and the NSA preset draws tiles; Ed has the bye.
    { round: 1, rows: ['1: Ann v Bob (draw)', '2: Cy v Di (draw)', 'bye: Ed +50'] },
    // NSA II.F.1: Cy has fewer firsts than Ann; NSA II.F.2: Bob has more seconds than Ed.
    { round: 2, rows: ['1: Ann v Cy*', '2: Bob* v Ed', 'bye: Di +50'] },
    // Ed has no first yet, Ann has two; Bob and Cy are equal and draw.
    { round: 3, rows: ['1: Ann v Ed*', '2: Bob v Cy (draw)'] },
  ])('formats.md worked example, round $round', ({ round, rows }) => {
    const report = pairingsByTable(state, 'A', round)
    expect(report.ok && report.value.rows.map(posted)).toEqual(rows)
  })

  test('a director override names the starter (rules.md: the director can override any starter)', () => {
    const overridden = applyAll([
      ...setup,
      ...round1.slice(0, 1),
      { type: 'overrideStarter', division: 'A', round: 1, table: 1, starter: 2 },
    ])
    const report = pairingsByTable(overridden, 'A', 1)
    expect(report.ok && report.value.rows.map(posted)[0]).toBe('1: Ann v Bob*')
  })

  test.each([
    { case: 'a round not paired yet', division: 'A', round: 3, code: 'round.missing' },
    { case: 'a round beyond the event', division: 'A', round: 9, code: 'round.beyond-event' },
    { case: 'an unknown division', division: 'Z', round: 1, code: 'division.missing' },
  ])('$case is refused with $code', ({ division, round, code }) => {
    const early = applyAll([...setup, ...round1])
    const report = pairingsByTable(early, division, round)
    expect(!report.ok && report.error.code).toBe(code)
  })
})

describe('alphabetical pairings ("find your name")', () => {
  test('every player of round 2 in name order with table, opponent and first or second', () => {
    const report = pairingsAlphabetical(state, 'A', 2)
    const lines = report.ok
      ? report.value.rows.map((row) => {
          switch (row.kind) {
            case 'game':
              return `${row.player.name} t${row.table} v ${row.opponent.name} ${row.start}`
            case 'bye':
              return `${row.player.name} bye`
            case 'unpaired':
              return `${row.player.name} unpaired`
          }
        })
      : []
    expect(lines).toEqual([
      'Ann t1 v Cy second',
      'Bob t2 v Ed first',
      'Cy t1 v Ann first',
      'Di bye',
      'Ed t2 v Bob second',
    ])
  })

  test('names sort without regard to case or accents; equal names by number', () => {
    const event = applyAll([
      create('nsa1995', 3),
      { type: 'addDivision', name: 'A' },
      register('émile, Zed'),
      register('Adams, Ann'),
      register('Emile, Bea'),
      register('adams, ann'),
      {
        type: 'pairRound',
        division: 'A',
        round: 1,
        pairings: [
          { kind: 'game', table: 1, players: [1, 2] },
          { kind: 'game', table: 2, players: [3, 4] },
        ],
      },
    ])
    const report = pairingsAlphabetical(event, 'A', 1)
    expect(report.ok && report.value.rows.map((r) => r.player.id)).toEqual([2, 4, 3, 1])
  })

  test('a player entered but left out of the pairings is listed as unpaired', () => {
    const event = applyAll([
      ...setup,
      {
        type: 'pairRound',
        division: 'A',
        round: 1,
        pairings: [
          { kind: 'game', table: 1, players: [1, 2] },
          { kind: 'game', table: 2, players: [3, 4] },
        ],
      },
    ])
    const report = pairingsAlphabetical(event, 'A', 1)
    expect(report.ok && report.value.rows.find((r) => r.player.name === 'Ed')?.kind).toBe(
      'unpaired',
    )
  })
})

describe('result slips', () => {
  test('one slip per game (the bye gets none), the starter marked, draw when undecided', () => {
    const report = resultSlips(state, 'A', 2)
    expect(report.ok).toBe(true)
    if (!report.ok) return
    expect(report.value.slips.map((s) => s.table)).toEqual([1, 2])
    expect(report.value.slips[0]?.seats.map((s) => [s.id, s.starts])).toEqual([
      [1, false],
      [3, true],
    ])
    const round1Slips = resultSlips(state, 'A', 1)
    expect(round1Slips.ok && round1Slips.value.slips.map((s) => s.start.kind)).toEqual([
      'draw',
      'draw',
    ])
  })

  test.each([
    { tables: { from: 2, to: 2 }, expected: [2] },
    { tables: { from: 1, to: 40 }, expected: [1, 2] },
  ])('tables $tables.from to $tables.to', ({ tables, expected }) => {
    const report = resultSlips(state, 'A', 2, { tables })
    expect(report.ok && report.value.slips.map((s) => s.table)).toEqual(expected)
  })

  test.each([
    { tables: { from: 3, to: 1 }, code: 'report.tables.reversed' },
    { tables: { from: 0, to: 4 }, code: 'report.tables.invalid' },
    { tables: { from: 1.5, to: 4 }, code: 'report.tables.invalid' },
    { tables: { from: 5, to: 9 }, code: 'report.slips.none' },
  ])('tables $tables.from to $tables.to are refused with $code', ({ tables, code }) => {
    const report = resultSlips(state, 'A', 2, { tables })
    expect(!report.ok && report.error.code).toBe(code)
  })

  test('checkTableRange accepts a single table', () => {
    expect(checkTableRange({ from: 4, to: 4 })).toEqual({ ok: true, value: { from: 4, to: 4 } })
  })

  test('the slip carries the preset rules and the overtime penalty (MSA 2.3: 10 a minute)', () => {
    const msa = applyAll([
      ...setup.map((c) =>
        c.type === 'createTournament' ? { ...c, rules: rulesFromPreset('msa') } : c,
      ),
      ...round1,
    ])
    const report = resultSlips(msa, 'A', 1)
    expect(report.ok && report.value.overtimePenaltyPerMinute).toBe(10)
    expect(report.ok && report.value.rules.map((r) => r.kind)).toEqual([
      'challenge',
      'hold',
      'time',
      'words',
      'end',
    ])
    expect(report.ok && report.value.header).toMatchObject({
      event: 'Spring Open',
      division: 'A',
      round: 1,
    })
  })
})

describe('printed rule lines (rules.md, "Printed on slips and announcements")', () => {
  const ot = '10 points off your own score per minute or part of a minute over'
  test.each<{ preset: PresetId; challenge: string; hold: string; time: string }>([
    {
      // MSA 12 iv, 12 i (a hold is called within 10 s), 2.1 and 2.3 (a part of a minute counts).
      preset: 'msa',
      challenge: '5 points to the challenged player for each word challenged without success',
      hold: 'call “hold” within 10 seconds of the opponent’s turn ending',
      time: `25 minutes each; ${ot}`,
    },
    {
      // WSC 12.2: a hold is called within 15 s.
      preset: 'wsc2003',
      challenge: '5 points to the challenged player for each word challenged without success',
      hold: 'call “hold” within 15 seconds of the opponent’s turn ending',
      time: `25 minutes each; ${ot}`,
    },
    {
      // MSA guide, Challenging: free challenge; a hold lasts up to 30 s before the challenge.
      preset: 'msa-guide',
      challenge: 'free: no penalty for a challenge without success',
      hold: 'a hold lasts at most 30 seconds before the challenge',
      time: `25 minutes each; ${ot}`,
    },
    {
      // NEON, During 5: 25 minutes including 5 of overtime, and competition rule 17 ends the
      // game when the time is over: no penalty is stated, none is printed (issue 28: nor a
      // "no penalty" the document never says). No hold either.
      preset: 'neon',
      challenge: '5 points to the challenged player for each word challenged without success',
      hold: 'no hold',
      time: '25 minutes each, including 5 minutes of overtime; the game ends when the time is over',
    },
    {
      // NSA X.F double challenge, X.B hold called within 20 s, VIII.A and VIII.C.
      preset: 'nsa1995',
      challenge: 'double: a player who challenges without success loses their turn',
      hold: 'call “hold” within 20 seconds of the opponent’s turn ending',
      time: `25 minutes each; ${ot}`,
    },
  ])('$preset', ({ preset, challenge, hold, time }) => {
    const lines = printedRuleLines(rulesFromPreset(preset))
    expect(lines.find((l) => l.kind === 'challenge')?.text).toBe(challenge)
    expect(lines.find((l) => l.kind === 'hold')?.text).toBe(hold)
    expect(lines.find((l) => l.kind === 'time')?.text).toBe(time)
    expect(lines.find((l) => l.kind === 'words')?.text).toBe(
      rulesFromPreset(preset).printed.wordAuthority,
    )
    expect(lines.find((l) => l.kind === 'end')?.text).toBe(
      rulesFromPreset(preset).printed.endOfGame,
    )
  })

  test('NSA X.F double challenge and a clock without an overtime penalty', () => {
    const base = rulesFromPreset('nsa1995')
    const lines = printedRuleLines({
      ...base,
      printed: { ...base.printed, challenge: 'double' },
      clock: { minutesPerPlayer: 20, overtimeIncludedMinutes: 0, overtimePenaltyPerMinute: 0 },
    })
    expect(lines.map((l) => l.text).slice(0, 3)).toEqual([
      'double: a player who challenges without success loses their turn',
      'call “hold” within 20 seconds of the opponent’s turn ending',
      '20 minutes each; no overtime penalty',
    ])
  })
})

describe('scorecards, standings and the wall chart', () => {
  test('a scorecard per player still playing, with opponent and first/second so far', () => {
    const report = scorecards(state, 'A', 3)
    expect(report.ok).toBe(true)
    if (!report.ok) return
    // Di withdrew from round 3 (formats.md worked example): no card.
    expect(report.value.cards.map((c) => c.name)).toEqual(['Ann', 'Bob', 'Cy', 'Ed'])
    const ann = report.value.cards[0]
    expect(
      ann?.lines.map((l) => [l.cell?.opponent?.name ?? null, l.cell?.start ?? null, l.record]),
    ).toEqual([
      // Ann went first in round 1 (recorded after the draw).
      ['Bob', 'first', { wins: 1, losses: 0, spread: 40 }],
      ['Cy', 'second', { wins: 2, losses: 0, spread: 94 }],
      ['Ed', 'second', { wins: 3, losses: 0, spread: 116 }],
    ])
    const ed = report.value.cards[3]
    expect(ed?.lines[0]?.cell).toMatchObject({ kind: 'bye', opponent: null, start: null })
  })

  test('later rounds are blank lines; a result not entered stops the running record', () => {
    const early = applyAll([...setup, ...round1.slice(0, 2)])
    const report = scorecards(early, 'A', 1)
    const cards = report.ok ? report.value.cards : []
    expect(cards[0]?.lines.map((l) => l.cell === null)).toEqual([false, true, true])
    expect(cards[0]?.lines[0]?.record).toEqual({ wins: 1, losses: 0, spread: 40 })
    // Cy and Di's result is not entered yet.
    expect(cards[2]?.lines[0]?.record).toBeNull()
    expect(cards[2]?.lines[0]?.cell?.start).toBe('draw')
    // NSA II.F.1: where a card's game draws for first, the page says how.
    expect(report.ok && report.value.tileDraw).toBe(rulesFromPreset('nsa1995').printed.tileDraw)
  })

  test('NSA IV.J.3: the running record on a score card takes the director’s penalty off the spread', () => {
    const penalised = applyAll([
      ...WORKED_EXAMPLE_LOG,
      { type: 'assignPenalty', division: 'A', player: 1, round: 2, points: 50, reason: 'phone' },
    ])
    const report = scorecards(penalised, 'A', 3)
    const ann = report.ok ? report.value.cards[0] : undefined
    expect(ann?.lines.map((l) => [l.penalty, l.record?.spread])).toEqual([
      [0, 40],
      [50, 44],
      [0, 66],
    ])
    // The same spread as the standings count.
    const standings = standingsReport(penalised, 'A', 3)
    expect(standings.ok && standings.value.rows.find((r) => r.name === 'Ann')?.spread).toBe(66)
  })

  test('NSA VII.J.3: a walk-out keeps the scores at departure on both score cards', () => {
    const walked = applyAll([
      ...setup,
      ...round1.slice(0, 2),
      {
        type: 'recordResult',
        division: 'A',
        round: 1,
        game: { table: 2 },
        result: {
          kind: 'forfeit',
          winner: 3,
          loser: 4,
          reason: 'walk-out',
          spread: 90,
          rated: false,
          scoresAtDeparture: { winner: 250, loser: 210 },
        },
      },
    ])
    const report = scorecards(walked, 'A', 1)
    const cards = report.ok ? report.value.cards : []
    expect(cards[2]?.lines[0]?.cell?.result).toMatchObject({
      score: 250,
      opponentScore: 210,
      spread: 90,
    })
    expect(cards[3]?.lines[0]?.cell?.result).toMatchObject({
      score: 210,
      opponentScore: 250,
      spread: -90,
    })
  })

  test('standings report: the standings after the round, with ratings', () => {
    const report = standingsReport(state, 'A', 2)
    expect(
      report.ok &&
        report.value.rows.map((r) => `${r.rank} ${r.name} ${r.wins}-${r.losses} ${r.spread}`),
    ).toEqual([
      '1 Ann 2-0 94',
      '2 Ed 1.5-0.5 50',
      '3 Di 1-1 42',
      '4 Cy 1-1 -46',
      '5 Bob 0.5-1.5 -40',
    ])
    expect(report.ok && report.value.rows[0]?.rating).toBe(1850)
  })

  test.each([
    { round: 2, asOf: 'after round 2' },
    { round: 3, asOf: 'after round 3' },
  ])('issue 11: standings of a complete round say "$asOf"', ({ round, asOf }) => {
    const report = standingsReport(state, 'A', round)
    expect(report.ok && report.value.asOf).toBe(asOf)
  })

  test('issue 11: a round with results missing says how many are in, never "after round"', () => {
    const partial = applyAll([
      ...WORKED_EXAMPLE_LOG.filter(
        (c) =>
          !(c.type === 'recordResult' && c.round === 3 && 'table' in c.game && c.game.table === 1),
      ),
    ])
    const report = standingsReport(partial, 'A', 3)
    expect(report.ok && report.value.asOf).toMatch(/^round 3: \d+ of \d+ results in$/)
  })

  test('issue 11: printed standings mark a withdrawn player and show penalties (NSA IV.J.3)', () => {
    const penalised = applyAll([
      ...WORKED_EXAMPLE_LOG,
      { type: 'assignPenalty', division: 'A', player: 1, round: 2, points: 50, reason: 'phone' },
    ])
    const report = standingsReport(penalised, 'A', 2)
    if (!report.ok) throw new Error(report.error.message)
    expect(report.value.rows.map((r) => [r.name, r.penalty, r.withdrawnFrom])).toContainEqual([
      'Ann',
      50,
      null,
    ])
    // Di withdrew from round 3: after round 2 she is still ranked, marked as withdrawn.
    expect(report.value.rows.find((r) => r.name === 'Di')).toMatchObject({
      withdrawnFrom: 3,
      disqualified: false,
    })
  })

  test('issue 11: a disqualified player is marked so on the printed standings (NEON 5)', () => {
    // The worked example's withdrawal of Di, given as the director's disqualification.
    const disqualified = applyAll(
      WORKED_EXAMPLE_LOG.map((c) =>
        c.type === 'withdrawPlayer' ? { ...c, disqualified: true } : c,
      ),
    )
    const report = standingsReport(disqualified, 'A', 2)
    expect(report.ok && report.value.rows.find((r) => r.name === 'Di')).toMatchObject({
      withdrawnFrom: 3,
      disqualified: true,
    })
  })

  test('wall chart: every player by number, a cell per round, the forfeit and the bye told apart', () => {
    const report = wallChart(state, 'A', 3)
    expect(report.ok).toBe(true)
    if (!report.ok) return
    expect(report.value.rounds).toBe(3)
    const cells = (id: number) =>
      report.value.rows[id - 1]?.cells.map((c) =>
        c === null
          ? '-'
          : `${c.kind}:${c.opponent?.id ?? 0}:${c.result?.outcome ?? '?'}${c.result?.forfeit ? ':f' : ''}`,
      )
    expect(cells(2)).toEqual(['game:1:loss', 'game:5:tie', 'game:3:win:f'])
    expect(cells(4)).toEqual(['game:3:loss', 'bye:0:win', '-'])
    // Di withdrew: she is not in the standings after round 3.
    expect(report.value.rows[3]?.standing).toBeNull()
    expect(report.value.rows[0]?.standing).toEqual({ rank: 1, wins: 3, losses: 0, spread: 116 })
  })
})

describe('name tags (NEON 1: identity tags shown to enter)', () => {
  test('a tag per player in name order, with the id the desk checks', () => {
    const event = applyAll([
      create('neon', 3),
      { type: 'addDivision', name: 'U' },
      register('Zainab', 0, 'U'),
      register('Aziz', 0, 'U'),
    ] satisfies Command[])
    const report = nameTags(event, 'U')
    expect(report.ok && report.value.tags.map((t) => `${t.identity} ${t.name}`)).toEqual([
      'U-2 Aziz',
      'U-1 Zainab',
    ])
    expect(report.ok && report.value.header.round).toBeNull()
  })

  test('without identity tags in the rules (NSA), a tag carries the name but no identity', () => {
    const report = nameTags(state, 'A')
    expect(report.ok && report.value.tags.map((t) => t.identity)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
  })
})

test.each(REPORT_KINDS)('buildReport makes a %s report of the worked example', (kind) => {
  const report = buildReport(state, { kind, division: 'A', round: 2 })
  expect(report.ok && report.value.kind).toBe(kind)
})
