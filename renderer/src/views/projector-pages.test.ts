import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { playedResult, type GameResult, type PlayerId } from '../../../shared/results/game-result'
import { rulesFromPreset } from '../../../shared/rules/presets'
import { apply } from '../../../shared/tournament/apply'
import type { Command } from '../../../shared/tournament/commands'
import { EMPTY_PRIZE_TABLE } from '../../../shared/tournament/prizes'
import type { TournamentState } from '../../../shared/tournament/types'
import {
  checkDwell,
  columnsFor,
  divisionTables,
  DEFAULT_PROJECTOR_SETTINGS,
  pageRows,
  pageText,
  PROJECTOR_PANELS,
  projectorTable,
  readProjectorSettings,
  resumeAt,
  rowsPerPage,
  screenSequence,
  shownDivisions,
  type ProjectorLayout,
  type ProjectorPanel,
  type ProjectorRow,
} from './projector-pages'

const RULES = rulesFromPreset('nsa1995')

const create = (): Command => ({
  type: 'createTournament',
  info: {
    name: 'Hall Open',
    venue: 'Civic Hall',
    startDate: '2026-03-14',
    endDate: '2026-03-14',
    rounds: 3,
  },
  rules: RULES,
})

const register = (name: string, rating = 0, division = 'A'): Command => ({
  type: 'registerPlayer',
  division,
  player: { name, rating, memberId: '', club: '' },
})

function played(
  players: readonly [PlayerId, PlayerId],
  scores: readonly [number, number],
): GameResult {
  const result = playedResult(players, scores, [0, 0], RULES)
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

/** The desk's commands applied in turn; a refusal is a bug in the test's event. */
function applyAll(commands: readonly Command[]): TournamentState {
  let state: TournamentState | undefined
  for (const command of commands) {
    const next = apply(state, command, 'hall')
    if (!next.ok) throw new Error(`${command.type}: ${next.error.message}`)
    state = next.value
  }
  if (state === undefined) throw new Error('no tournament')
  return state
}

const HALL: ProjectorLayout = {
  width: 1920,
  height: 1080,
  rowHeight: 40,
  chromeHeight: 200,
  minColumnWidth: 560,
}

describe('how much of a panel fits one screen (issue 19: pages, not a 42-minute scroll)', () => {
  test.each([
    { case: 'a 1080-pixel hall screen', layout: HALL, rows: 22 },
    { case: 'a 768-pixel laptop', layout: { ...HALL, height: 768 }, rows: 14 },
    {
      case: 'a row that does not quite fit is left for the next page',
      layout: { ...HALL, height: 279 },
      rows: 1,
    },
    {
      case: 'a window smaller than its titles still shows one row',
      layout: { ...HALL, height: 100 },
      rows: 1,
    },
  ])('$case: $rows rows a page', ({ layout, rows }) => {
    expect(rowsPerPage(layout)).toBe(rows)
  })

  test.each([
    {
      case: 'three divisions at 1920 wide stand side by side',
      width: 1920,
      divisions: 3,
      columns: 3,
    },
    { case: 'five divisions at 1920: three, then two', width: 1920, divisions: 5, columns: 3 },
    { case: 'three divisions at 1366: two at a time', width: 1366, divisions: 3, columns: 2 },
    { case: 'one division takes the whole width', width: 1920, divisions: 1, columns: 1 },
    { case: 'a narrow window: one after another', width: 500, divisions: 3, columns: 1 },
  ])('$case', ({ width, divisions, columns }) => {
    expect(columnsFor({ ...HALL, width }, divisions)).toBe(columns)
  })
})

describe('the sequence of screens: each panel, its divisions side by side, page by page', () => {
  // A 25 rows, B 5, C 12; only A has prizes.
  const rows: Record<string, number> = { A: 25, B: 5, C: 12 }
  const count = (panel: ProjectorPanel, division: string): number | null =>
    panel === 'prizes' ? (division === 'A' ? 3 : null) : (rows[division] ?? 0)

  test('two columns of 10 rows: A and B turn 3 pages, then C alone 2, for each pairings panel and standings', () => {
    const screens = screenSequence(['A', 'B', 'C'], count, 2, 10)
    const said = screens.map(
      (s) => `${s.panel} ${s.divisions.join('+')} ${pageText(s) || 'one page'}`,
    )
    const perPanel = (panel: string) => [
      `${panel} A+B Page 1 of 3`,
      `${panel} A+B Page 2 of 3`,
      `${panel} A+B Page 3 of 3`,
      `${panel} C Page 1 of 2`,
      `${panel} C Page 2 of 2`,
    ]
    expect(said).toEqual([
      ...perPanel('by-table'),
      ...perPanel('alphabetical'),
      ...perPanel('standings'),
      'prizes A one page',
    ])
  })

  test('a panel with nothing in any division still shows one page saying so', () => {
    const screens = screenSequence(['A'], (panel) => (panel === 'prizes' ? null : 0), 1, 10)
    expect(screens.map((s) => [s.panel, s.pages])).toEqual([
      ['by-table', 1],
      ['alphabetical', 1],
      ['standings', 1],
    ])
  })

  test('property: every row of every division is on exactly one page of its panel, no page holds more than fits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 90 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 30 }),
        (sizes, columns, perPage) => {
          const names = sizes.map((_, i) => String.fromCharCode(65 + i))
          const tableRows = (division: string): ProjectorRow[] =>
            Array.from({ length: sizes[names.indexOf(division)] ?? 0 }, (_, i) => ({
              key: `${division}${i}`,
              cells: [],
            }))
          const screens = screenSequence(names, (_, d) => tableRows(d).length, columns, perPage)
          for (const panel of PROJECTOR_PANELS) {
            const seen: string[] = []
            for (const screen of screens.filter((s) => s.panel === panel)) {
              expect(screen.divisions.length).toBeLessThanOrEqual(columns)
              for (const d of screen.divisions) {
                const page = pageRows(tableRows(d), screen.page, perPage)
                expect(page.length).toBeLessThanOrEqual(perPage)
                seen.push(...page.map((r) => r.key))
              }
            }
            expect(seen.sort()).toEqual(names.flatMap((d) => tableRows(d).map((r) => r.key)).sort())
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('where the hall stays when the screens change under it', () => {
  const before = screenSequence(['A', 'B', 'C'], (_, d) => (d === 'A' ? 25 : 5), 2, 10)
  const at = (panel: ProjectorPanel, lead: string, page: number) =>
    before.find((s) => s.panel === panel && s.divisions[0] === lead && s.page === page)

  test.each([
    {
      case: 'a result arrives: the same page of the same panel',
      after: before,
      current: at('standings', 'A', 1),
      expected: { panel: 'standings', divisions: ['A', 'B'], page: 1 },
    },
    {
      case: 'the panel got shorter: its last page',
      after: screenSequence(['A', 'B', 'C'], () => 5, 2, 10),
      current: at('standings', 'A', 2),
      expected: { panel: 'standings', divisions: ['A', 'B'], page: 0 },
    },
    {
      case: 'a narrower window: the group that holds the division on screen',
      after: screenSequence(['A', 'B', 'C'], (_, d) => (d === 'A' ? 25 : 5), 1, 10),
      current: at('alphabetical', 'C', 0),
      expected: { panel: 'alphabetical', divisions: ['C'], page: 0 },
    },
    {
      case: 'the division on screen is no longer chosen: the same panel',
      after: screenSequence(['B', 'C'], () => 5, 2, 10),
      current: at('by-table', 'A', 2),
      expected: { panel: 'by-table', divisions: ['B', 'C'], page: 0 },
    },
  ])('$case', ({ after, current, expected }) => {
    expect(after[resumeAt(after, current)]).toMatchObject(expected)
  })

  test('nothing on screen yet: the first screen', () => {
    expect(resumeAt(before, undefined)).toBe(0)
  })
})

describe('the projector settings', () => {
  test.each([
    { text: '12', seconds: 12 },
    { text: ' 3 ', seconds: 3 },
    { text: '1', seconds: 1 },
    { text: '600', seconds: 600 },
  ])('"$text" seconds a page is $seconds', ({ text, seconds }) => {
    expect(checkDwell(text)).toEqual({ ok: true, value: seconds })
  })

  test.each(['0', '601', '2.5', '-4', 'ten', ''])(
    '"%s" seconds a page is refused, saying why',
    (text) => {
      const checked = checkDwell(text)
      expect(!checked.ok && checked.error).toMatchObject({
        code: 'projector.dwell',
        field: 'dwellSeconds',
        message: `Seconds per page must be a whole number from 1 to 600, not “${text.trim()}”.`,
      })
    },
  )

  test.each([
    { case: 'nothing stored', stored: null, settings: DEFAULT_PROJECTOR_SETTINGS },
    { case: 'damaged JSON', stored: '{"dwell', settings: DEFAULT_PROJECTOR_SETTINGS },
    {
      case: 'both stored',
      stored: '{"dwellSeconds":5,"divisions":["B"]}',
      settings: { dwellSeconds: 5, divisions: ['B'] },
    },
    {
      case: 'a dwell out of range keeps the default, the divisions are kept',
      stored: '{"dwellSeconds":0,"divisions":["A","C"]}',
      settings: { dwellSeconds: 12, divisions: ['A', 'C'] },
    },
    {
      case: 'divisions that are not names: all divisions',
      stored: '{"dwellSeconds":8,"divisions":[1,2]}',
      settings: { dwellSeconds: 8, divisions: null },
    },
  ])('read back: $case', ({ stored, settings }) => {
    expect(readProjectorSettings(stored)).toEqual(settings)
  })

  test.each([
    { case: 'none chosen: all', chosen: null, shown: ['A', 'B', 'C'] },
    { case: 'chosen out of order: the event order', chosen: ['C', 'A'], shown: ['A', 'C'] },
    { case: 'a chosen division since removed is left out', chosen: ['B', 'Z'], shown: ['B'] },
    { case: 'none of the chosen left: all', chosen: ['Z'], shown: ['A', 'B', 'C'] },
  ])('divisions shown, $case', ({ chosen, shown }) => {
    expect(shownDivisions(['A', 'B', 'C'], chosen)).toEqual(shown)
  })
})

/*
 * Division A: six players, three rounds (the prizes tests' event): Cy, Ann and Fay finish 2–1,
 * Cy ahead on spread. Division B: four players, round 1 paired and published, no results.
 */
const A_GAMES: readonly (readonly (readonly [PlayerId, number, PlayerId, number])[])[] = [
  [
    [1, 450, 2, 400],
    [3, 500, 4, 300],
    [6, 420, 5, 410],
  ],
  [
    [1, 400, 3, 380],
    [2, 390, 6, 350],
    [5, 360, 4, 355],
  ],
  [
    [3, 520, 2, 300],
    [4, 410, 1, 400],
    [6, 380, 5, 370],
  ],
]

function hall(): TournamentState {
  const commands: Command[] = [
    create(),
    { type: 'addDivision', name: 'A' },
    { type: 'addDivision', name: 'B' },
    ...['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Fay'].map((n, i) => register(n, 1900 - i * 100, 'A')),
    ...['Wu', 'Xi', 'Yan', 'Zed'].map((n, i) => register(n, 1500 - i * 100, 'B')),
  ]
  A_GAMES.forEach((games, k) => {
    commands.push({
      type: 'pairRound',
      division: 'A',
      round: k + 1,
      system: 'manual',
      pairings: games.map(([a, , b], t) => ({ kind: 'game', table: t + 1, players: [a, b] })),
    })
    commands.push({ type: 'publishRound', division: 'A', round: k + 1 })
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
  commands.push(
    {
      type: 'pairRound',
      division: 'B',
      round: 1,
      system: 'manual',
      pairings: [
        { kind: 'game', table: 4, players: [1, 4] },
        { kind: 'game', table: 5, players: [2, 3] },
      ],
    },
    { type: 'publishRound', division: 'B', round: 1 },
    {
      type: 'setPrizes',
      division: 'A',
      prizes: {
        ...EMPTY_PRIZE_TABLE,
        prizes: [
          { kind: 'place', place: 1, group: { kind: 'all' }, value: '$100', exclusive: true },
        ],
      },
    },
  )
  return applyAll(commands)
}

describe("each division's panel holds its own rows, as the printed pages say them", () => {
  const state = hall()
  const names = (division: string, panel: ProjectorPanel): string[] =>
    projectorTable(state, division, panel)?.rows.map((r) => r.cells.join(' | ')) ?? []

  test.each([
    {
      panel: 'by-table' as const,
      division: 'B',
      rows: ['4 | Wu | Zed | Draw', '5 | Xi | Yan | Draw'],
    },
    {
      // The NSA preset rates by tsh's default `nsa`, so the standings end with the New rating column (issue 22).
      panel: 'standings' as const,
      division: 'A',
      rows: [
        '1 | Cy | 2 | 1 | +400 | 1715 (+15)',
        '2 | Ann | 2 | 1 | +60 | 1896 (-4)',
        '3 | Fay | 2 | 1 | -20 | 1433 (+33)',
        '4 | Ed | 1 | 2 | -15 | 1488 (-12)',
        '5 | Di | 1 | 2 | -195 | 1597 (-3)',
        '6 | Bob | 1 | 2 | -230 | 1786 (-14)',
      ],
    },
  ])('$panel of division $division', ({ panel, division, rows }) => {
    expect(names(division, panel)).toEqual(rows)
  })

  test('nothing of one division is in another division’s panel', () => {
    const a = ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Fay']
    const b = ['Wu', 'Xi', 'Yan', 'Zed']
    for (const panel of ['by-table', 'alphabetical', 'standings'] as const) {
      const inB = names('B', panel).join(' ')
      const inA = names('A', panel).join(' ')
      for (const name of a) expect(inB).not.toContain(name)
      for (const name of b) expect(inA).not.toContain(name)
    }
  })

  test('prizes: the tie spread broke is said as on the Prizes screen (issue 19, tiedBehind)', () => {
    const prizes = projectorTable(state, 'A', 'prizes')
    expect(prizes?.asOf).toBe('Final: after round 3, the last round.')
    expect(prizes?.rows[0]?.cells[2]).toMatch(
      /^Cy \(2–1 \+400\) · tied with Ann \(2–1 \+60\); Fay \(2–1 -20\): spread decided it$/,
    )
  })

  test('a division without a prize table has no prizes panel; one without pairings says so', () => {
    expect(projectorTable(state, 'B', 'prizes')).toBeNull()
    const empty = projectorTable(
      applyAll([create(), { type: 'addDivision', name: 'A' }, register('Ann')]),
      'A',
      'by-table',
    )
    expect(empty).toMatchObject({ rows: [], empty: 'No pairings published yet.' })
  })

  test('a result in A rebuilds A’s panels and keeps B’s as built; the same state builds nothing', () => {
    const before = hall()
    const [a, b] = [divisionTables(before, 'A'), divisionTables(before, 'B')]
    expect(divisionTables(before, 'A')).toBe(a)
    const after = apply(
      before,
      {
        type: 'correctResult',
        division: 'A',
        round: 3,
        game: { table: 1 },
        result: played([3, 2], [530, 300]),
      },
      'hall',
    )
    if (!after.ok) throw new Error(after.error.message)
    expect(divisionTables(after.value, 'B')).toBe(b)
    const rebuilt = divisionTables(after.value, 'A')
    expect(rebuilt).not.toBe(a)
    expect(rebuilt.get('standings')?.rows[0]?.cells.join(' | ')).toBe(
      '1 | Cy | 2 | 1 | +410 | 1715 (+15)',
    )
  })
})
