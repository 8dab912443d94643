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
  columnNeeds,
  divisionTables,
  DEFAULT_DWELL_SECONDS,
  DEFAULT_PROJECTOR_SETTINGS,
  NAME_CHARS,
  pageColumns,
  pageText,
  PROJECTOR_PANELS,
  projectorFit,
  projectorTable,
  readProjectorSettings,
  resumeAt,
  screenSequence,
  shownDivisions,
  slotsFor,
  tableWidthPx,
  type ColumnNeed,
  type ProjectorPanel,
  type ProjectorRow,
  type ProjectorTable,
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

/** A table of `rows` rows whose cells are as wide as the panel's real ones. */
function tableLike(
  panel: ProjectorPanel,
  headers: readonly (readonly [string, boolean])[],
  widest: readonly string[],
  rows = 1,
): ProjectorTable {
  return {
    panel,
    division: 'A',
    asOf: '',
    headers: headers.map(([text, numeric]) => ({ text, numeric })),
    rows: Array.from({ length: rows }, (_, i) => ({ key: String(i), cells: widest })),
    empty: null,
  }
}

// The standings with New rating, and the pairings by table, with their widest cells.
const STANDINGS_TABLE = tableLike(
  'standings',
  [
    ['Rank', true],
    ['Player', false],
    ['Won', true],
    ['Lost', true],
    ['Spread', true],
    ['New rating', true],
  ],
  ['1000', 'Featherstonehaugh-Wolstenholme, Maximilian', '10½', '10', '+1234', '1715 (+15)'],
)
const BY_TABLE_TABLE = tableLike(
  'by-table',
  [
    ['Table', true],
    ['Player', false],
    ['Opponent', false],
    ['First', false],
  ],
  ['500', 'Featherstonehaugh, Max*', 'Wolstenholme, Maximilian', 'Draw'],
)

describe('the layout from the screen it is on (issue 28: 20 px whatever the screen, names cut to 1–2 letters)', () => {
  test.each([
    { screen: { width: 1920, height: 1080 }, fontPx: 32, rowPx: 40, rows: 22 },
    { screen: { width: 3840, height: 2160 }, fontPx: 64, rowPx: 80, rows: 22 },
    { screen: { width: 1366, height: 768 }, fontPx: 23, rowPx: 29, rows: 21 },
    { screen: { width: 1024, height: 768 }, fontPx: 23, rowPx: 29, rows: 21 },
    { screen: { width: 1280, height: 720 }, fontPx: 21, rowPx: 26, rows: 23 },
    { screen: { width: 400, height: 200 }, fontPx: 14, rowPx: 18, rows: 6 },
    { screen: { width: 400, height: 60 }, fontPx: 14, rowPx: 18, rows: 1 },
  ])(
    '$screen.width × $screen.height: $fontPx px type, $rowPx px rows, $rows rows a column',
    ({ screen, fontPx, rowPx, rows }) => {
      expect(projectorFit(screen)).toMatchObject({ fontPx, rowPx, rows })
    },
  )

  test('capitals at least 25 mm high on a 100-inch screen at 1080 lines (Liberation Sans: 0.72 em)', () => {
    const screenMm = (100 * 25.4 * 9) / Math.hypot(16, 9)
    const capitalMm =
      ((projectorFit({ width: 1920, height: 1080 }).fontPx * 0.72) / 1080) * screenMm
    expect(capitalMm).toBeGreaterThanOrEqual(25)
  })

  test('a column holds its widest cell; a name column takes the rest, never under 12 characters', () => {
    expect(columnNeeds(STANDINGS_TABLE)).toEqual([
      { chars: 4, names: false },
      { chars: NAME_CHARS, names: true },
      { chars: 3, names: false },
      { chars: 4, names: false },
      { chars: 6, names: false },
      { chars: 10, names: false },
    ])
    expect(columnNeeds(BY_TABLE_TABLE).map((n) => n.names)).toEqual([false, true, true, false])
  })

  test.each([
    {
      case: 'standings at 1920 × 1080: two columns of 864 px',
      table: STANDINGS_TABLE,
      width: 1920,
      height: 1080,
      tablePx: 864,
      slots: 2,
    },
    {
      case: 'standings on a 4K screen: the same two, twice the size',
      table: STANDINGS_TABLE,
      width: 3840,
      height: 2160,
      tablePx: 1728,
      slots: 2,
    },
    {
      case: 'pairings at 1920 × 1080: two of 730 px',
      table: BY_TABLE_TABLE,
      width: 1920,
      height: 1080,
      tablePx: 730,
      slots: 2,
    },
    {
      case: 'pairings at 1024 × 768: one',
      table: BY_TABLE_TABLE,
      width: 1024,
      height: 768,
      tablePx: 525,
      slots: 1,
    },
    {
      case: 'a very wide screen at 1080 lines: four pairings',
      table: BY_TABLE_TABLE,
      width: 3200,
      height: 1080,
      tablePx: 730,
      slots: 4,
    },
  ])('$case', ({ table, width, height, tablePx, slots }) => {
    const screen = { width, height }
    const fit = projectorFit(screen)
    const px = tableWidthPx(columnNeeds(table), fit.fontPx)
    expect(px).toBe(tablePx)
    expect(slotsFor(screen, fit, px)).toBe(slots)
  })

  test('property: whenever one table fits the width, every table on screen is wide enough for 12 characters of each name', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 320, max: 7680 }),
        fc.integer({ min: 200, max: 4320 }),
        fc.array(fc.record({ chars: fc.integer({ min: 1, max: 12 }), names: fc.boolean() }), {
          minLength: 1,
          maxLength: 7,
        }),
        (width, height, drawn) => {
          const needs: ColumnNeed[] = drawn.map((n) =>
            n.names ? { chars: NAME_CHARS, names: true } : n,
          )
          const screen = { width, height }
          const fit = projectorFit(screen)
          const px = tableWidthPx(needs, fit.fontPx)
          const slots = slotsFor(screen, fit, px)
          const each = (width - 2 * fit.sidePx - (slots - 1) * fit.gapPx) / slots
          if (px <= width - 2 * fit.sidePx) expect(each).toBeGreaterThanOrEqual(px)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('a pass over a big division (issue 28: 125 pages × 12 s = 25 minutes at 1000 players)', () => {
  const screen = { width: 1920, height: 1080 }
  const fit = projectorFit(screen)
  const slots = (panel: ProjectorPanel): number =>
    slotsFor(
      screen,
      fit,
      tableWidthPx(
        columnNeeds(panel === 'standings' ? STANDINGS_TABLE : BY_TABLE_TABLE),
        fit.fontPx,
      ),
    )
  const sizes: Record<ProjectorPanel, number | null> = {
    'by-table': 500,
    alphabetical: 1000,
    standings: 1000,
    prizes: null,
  }
  const screens = screenSequence(['A'], (panel) => sizes[panel], slots, fit.rows)
  const standings = screens.filter((s) => s.panel === 'standings')

  test('the standings use the whole screen: 2 columns of 22 rows, 23 pages, the first page again after every 4', () => {
    expect(standings[0]).toMatchObject({ spread: 2, pages: 23 })
    expect(standings.map((s) => s.page + 1).join(' ')).toBe(
      '1 2 3 4 5 1 6 7 8 9 1 10 11 12 13 1 14 15 16 17 1 18 19 20 21 1 22 23',
    )
  })

  test('every player of the standings is shown in 28 screens × 12 s = 5.6 minutes, under 8', () => {
    expect(standings.length * DEFAULT_DWELL_SECONDS).toBe(336)
  })

  test('the whole rotation (pairings by table and by name, standings): 63 screens', () => {
    expect(screens.length).toBe(63)
  })
})

describe('the sequence of screens: each panel, its divisions side by side, page by page', () => {
  // A 25 rows, B 5, C 12; only A has prizes.
  const rows: Record<string, number> = { A: 25, B: 5, C: 12 }
  const count = (panel: ProjectorPanel, division: string): number | null =>
    panel === 'prizes' ? (division === 'A' ? 3 : null) : (rows[division] ?? 0)

  test('two columns of 10 rows: A and B turn 3 pages, then C alone runs through both columns on one page (issue 28: not half the screen empty)', () => {
    const screens = screenSequence(['A', 'B', 'C'], count, 2, 10)
    const said = screens.map(
      (s) => `${s.panel} ${s.divisions.join('+')} ${pageText(s) || 'one page'}`,
    )
    const perPanel = (panel: string) => [
      `${panel} A+B Page 1 of 3`,
      `${panel} A+B Page 2 of 3`,
      `${panel} A+B Page 3 of 3`,
      `${panel} C one page`,
    ]
    expect(said).toEqual([
      ...perPanel('by-table'),
      ...perPanel('alphabetical'),
      ...perPanel('standings'),
      'prizes A one page',
    ])
    expect(screens.map((s) => s.spread).join('')).toBe('1112111211122')
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
            const pagesSeen = new Set<string>()
            for (const screen of screens.filter((s) => s.panel === panel)) {
              expect(screen.divisions.length).toBeLessThanOrEqual(columns)
              expect(screen.divisions.length * screen.spread).toBeLessThanOrEqual(columns)
              // The first page of a long standings comes round again: each page counted once.
              const page = `${screen.divisions.join()} ${screen.page}`
              if (pagesSeen.has(page)) continue
              pagesSeen.add(page)
              for (const d of screen.divisions) {
                const tables = pageColumns(tableRows(d), screen, perPage)
                for (const table of tables) expect(table.length).toBeLessThanOrEqual(perPage)
                seen.push(...tables.flat().map((r) => r.key))
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
