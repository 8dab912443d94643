import { describe, expect, test } from 'vitest'
import { buildReport, REPORT_KINDS, type ReportKind } from '../reports/report'
import { playedResult, type GameResult } from '../results/game-result'
import { rulesFromPreset } from '../rules/presets'
import type { RuleSet } from '../rules/rule-set'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import type { TournamentState } from '../tournament/types'
import { escapeHtml, html, raw } from './escape'
import { halves, signed, slug } from './format'
import { printJob, roundPrintJob } from './render'

const msa = rulesFromPreset('msa')

function played(
  players: readonly [number, number],
  scores: readonly [number, number],
  rules: RuleSet,
): GameResult {
  const result = playedResult(players, scores, [0, 0], rules)
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

const EVIL = '<b>Ann & "Bo"</b>'

function build(commands: readonly Command[]): TournamentState {
  let state: TournamentState | undefined
  for (const command of commands) {
    const next = apply(state, command, 't-print')
    if (!next.ok) throw new Error(next.error.message)
    state = next.value
  }
  if (state === undefined) throw new Error('no commands')
  return state
}

const players = [EVIL, 'Bala, Ravi', 'Chong, Mei', "O'Neil, Dan", 'Ezra, Tan']

/** MSA rules; five players; round 1: tables 1 and 2 decided by the director, a bye. */
const START: readonly Command[] = [
  {
    type: 'createTournament',
    info: {
      name: 'KL <Open> & Cup',
      venue: 'Hall "B"',
      startDate: '2026-05-02',
      endDate: '2026-05-03',
      rounds: 4,
    },
    rules: rulesFromPreset('msa'),
  },
  { type: 'addDivision', name: 'A' },
  ...players.map((name, i): Command => ({
    type: 'registerPlayer',
    division: 'A',
    player: { name, rating: 1500, memberId: `M<${i}>`, club: 'KL & Co' },
  })),
  {
    type: 'pairRound',
    division: 'A',
    round: 1,
    pairings: [
      { kind: 'game', table: 1, players: [1, 2], start: { kind: 'director', starter: 1 } },
      { kind: 'game', table: 2, players: [3, 4], start: { kind: 'director', starter: 4 } },
      { kind: 'bye', player: 5 },
    ],
  },
]
/** Round 1 played, so the prizes and game lists (issue 14) have a winner to name. */
const PLAYED: readonly Command[] = [
  ...START,
  {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table: 1 },
    result: {
      kind: 'played',
      players: [1, 2],
      rawScores: [420, 380],
      overtimeSeconds: [0, 0],
      scores: [420, 380],
    },
  },
  {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table: 2 },
    result: {
      kind: 'played',
      players: [3, 4],
      rawScores: [300, 410],
      overtimeSeconds: [0, 0],
      scores: [300, 410],
    },
  },
  {
    type: 'setPrizes',
    division: 'A',
    prizes: {
      prizes: [
        { kind: 'high-win', place: 1, group: { kind: 'all' }, value: '<$50>', exclusive: true },
      ],
      ties: 'spread',
      classes: { kind: 'none' },
      flags: [],
    },
  },
]
const state = build(PLAYED)

function documentOf(kind: ReportKind, pageSize: 'A4' | 'Letter' = 'A4'): string {
  const report = buildReport(state, { kind, division: 'A', round: 1 })
  if (!report.ok) throw new Error(report.error.message)
  return printJob(report.value, pageSize).html
}

describe('escapeHtml', () => {
  test.each([
    { text: EVIL, expected: '&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;' },
    { text: "O'Neil", expected: 'O&#39;Neil' },
    { text: 'plain Ñandú', expected: 'plain Ñandú' },
    { text: '&amp;', expected: '&amp;amp;' },
  ])('$text', ({ text, expected }) => {
    expect(escapeHtml(text)).toBe(expected)
  })

  test('the html tag escapes values but keeps nested html and raw markup', () => {
    const inner = html`<i>${'<x>'}</i>`
    expect(html`<p>${EVIL}${inner}${raw('<br>')}${3}${null}</p>`.html).toBe(
      '<p>&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;<i>&lt;x&gt;</i><br>3</p>',
    )
  })
})

describe('format helpers', () => {
  test.each([
    [45, '+45'],
    [-12, '-12'],
    [0, '0'],
  ])('signed(%d) is %s', (n, text) => expect(signed(n)).toBe(text))
  test.each([
    [1.5, '1½'],
    [0.5, '½'],
    [3, '3'],
  ])('halves(%d) is %s', (n, text) => expect(halves(n)).toBe(text))
  test.each([
    ['KL <Open> & Cup', 'kl-open-cup'],
    ['Ñandú', 'nandu'],
    ['***', 'tournament'],
  ])('slug(%s) is %s', (text, expected) => expect(slug(text)).toBe(expected))
})

describe('print documents', () => {
  test.each(REPORT_KINDS)('%s: a name with markup prints as text, never as markup', (kind) => {
    const doc = documentOf(kind)
    expect(doc).not.toContain('<b>Ann')
    expect(doc).not.toContain('<Open>')
    expect(doc).toContain('&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;')
    expect(doc).not.toMatch(/<script|<link|<img|src=/i)
  })

  test.each([
    { pageSize: 'A4' as const, size: 'size: A4;' },
    { pageSize: 'Letter' as const, size: 'size: letter;' },
  ])('$pageSize pages: @page size, named fonts and rows kept whole', ({ pageSize, size }) => {
    const doc = documentOf('pairings-by-table', pageSize)
    expect(doc).toContain(size)
    expect(doc).toContain("font-family: 'Liberation Sans'")
    expect(doc).toContain('break-inside: avoid')
    expect(doc).toContain('display: table-header-group')
  })

  test('NSA VII.F score cards are landscape: twelve columns with the opponent’s signature', () => {
    const report = buildReport(state, { kind: 'scorecards', division: 'A', round: 1 })
    const job = report.ok ? printJob(report.value, 'A4') : null
    expect(job?.landscape).toBe(true)
    expect(job?.html).toContain('size: A4 landscape;')
    expect(job?.html).toContain('<th>Opponent’s signature</th>')
    expect(job?.html).toContain('<th class="num">Penalty</th>')
  })

  test('the ranked wall chart (issue 14) is landscape, titled as such, rows in standings order', () => {
    const report = buildReport(state, { kind: 'ranked-wall-chart', division: 'A', round: 1 })
    const job = report.ok ? printJob(report.value, 'A4') : null
    expect(job?.landscape).toBe(true)
    expect(job?.html).toContain('<h1>Ranked wall chart</h1>')
    expect(job?.suggestedName).toBe('kl-open-cup-a-r1-ranked-wall-chart.pdf')
    // Dan beat Mei 410–300 (+110), Ezra's bye counts +50, Ann beat Ravi by 40; Mei lost by 110.
    const order = ['O&#39;Neil, Dan', 'Ezra, Tan', '&lt;b&gt;Ann', 'Bala, Ravi', 'Chong, Mei']
    const at = order.map((name) => job?.html.indexOf(name) ?? -1)
    expect(at.every((i) => i > 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
  })

  test('the prizes page names the winner, the status and the order rule', () => {
    const doc = documentOf('prizes')
    expect(doc).toContain('If the event ended now: after round 1, with 3 rounds still to play.')
    expect(doc).toContain('&lt;$50&gt;')
    expect(doc).toContain('Prizes are awarded in the order listed')
  })

  test('tsh RATings on paper: a performance column and what it is (MSA → absp, not a guess)', () => {
    const doc = documentOf('ratings')
    expect(doc).toContain('<th class="num">Performance</th>')
    // Ann beat Ravi (1500): ABSP's equivalent is the opponent + 50; Ezra's bye is no game.
    const row = (name: string): string => {
      const at = doc.indexOf(name)
      return doc.slice(doc.lastIndexOf('<tr>', at), doc.indexOf('</tr>', at))
    }
    expect(row('&lt;b&gt;Ann')).toContain('<td class="num">1550</td>')
    expect(row('Ezra, Tan')).toContain('<td class="num">—</td>')
    expect(doc).toContain('ABSP’s equivalent')
    expect(doc).not.toContain('a guess')
  })

  test('the wall chart is landscape', () => {
    const report = buildReport(state, { kind: 'wall-chart', division: 'A', round: 1 })
    const job = report.ok ? printJob(report.value, 'A4') : null
    expect(job?.landscape).toBe(true)
    expect(job?.html).toContain('size: A4 landscape;')
    expect(job?.suggestedName).toBe('kl-open-cup-a-r1-wall-chart.pdf')
  })

  test('result slips: one slip per game (none for the bye), the starter marked with *', () => {
    const doc = documentOf('result-slips')
    const slips = doc.match(/<section class="slip"/g) ?? []
    expect(slips).toHaveLength(2)
    expect(doc).toContain('&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt; *</td>')
    expect(doc).toContain('O&#39;Neil, Dan *</td>')
    expect(doc).not.toContain('Bala, Ravi *')
    expect(doc).not.toContain('Ezra, Tan')
    // MSA rules printed on every slip: challenge with its penalty, hold, time control.
    expect(doc.match(/5 points to the challenged player/g)).toHaveLength(2)
    expect(
      doc.match(
        /25 minutes each; 10 points off your own score per minute or part of a minute over/g,
      ),
    ).toHaveLength(2)
    // A "started" box per player, so the desk learns who went first where the tiles were drawn.
    expect(doc.match(/<th>Started<\/th>/g)).toHaveLength(2)
    expect(doc.match(/aria-label="[^"]* started">☐/g)).toHaveLength(4)
    expect(doc.match(/<th>Over \(m:ss\)<\/th>/g)).toHaveLength(2)
    expect(doc).toContain('Blanks played')
    // Issue 28: each player signs their own line of the table.
    expect(doc.match(/<th>Signature<\/th>/g)).toHaveLength(2)
    expect(doc.match(/aria-label="Signature of /g)).toHaveLength(4)
  })

  test('issue 28: four slips fit the printable height of A4 and of Letter, and none is cut', () => {
    for (const [size, printable] of [
      ['A4', 297 - 16],
      ['Letter', 279.4 - 16],
    ] as const) {
      const doc = documentOf('result-slips', size)
      const height = Number(/\.slip \{ min-height: ([\d.]+)mm/.exec(doc)?.[1])
      // Each slip also has a 1.5 mm gap below it.
      expect(4 * (height + 1.5)).toBeLessThanOrEqual(printable)
      expect(height).toBeGreaterThan(62)
      // A slip whose text needs more room grows rather than losing its rules box's last lines.
      expect(doc).not.toMatch(/\.slip \{[^}]*overflow: hidden/)
    }
  })

  test('slips are cut along solid lines: a dashed border goes into the PDF dash by dash (issue 20)', () => {
    const doc = documentOf('result-slips')
    expect(/\.slip \{[^}]*border: 0\.3mm solid #000/.exec(doc)).not.toBeNull()
    expect(doc).not.toContain('dashed')
  })

  test('pairings by table: starter with *, the bye with its spread, the rules block', () => {
    const doc = documentOf('pairings-by-table')
    expect(doc).toContain('Chong, Mei</td>')
    expect(doc).toContain('O&#39;Neil, Dan *</td>')
    expect(doc).toContain('Bye (+50)')
    expect(doc).toContain('<b>Challenge:</b>')
  })

  test('the title is escaped in <title>', () => {
    expect(documentOf('standings')).toContain(
      '<title>Standings: KL &lt;Open&gt; &amp; Cup, division A round 1</title>',
    )
  })
})

describe('issue 11: a whole round in one document; standings never premature', () => {
  const withB: TournamentState = [
    { type: 'addDivision', name: 'B' } as const,
    ...['Zed, Ann', 'Yew, Bo'].map((name): Command => ({
      type: 'registerPlayer',
      division: 'B',
      player: { name, rating: 1400, memberId: '', club: '' },
    })),
    {
      type: 'pairRound',
      division: 'B',
      round: 1,
      pairings: [{ kind: 'game', table: 11, players: [1, 2] }],
    } as const,
  ].reduce<TournamentState>((s, c) => {
    const next = apply(s, c, 't-print')
    if (!next.ok) throw new Error(next.error.message)
    return next.value
  }, state)

  test('every division’s pairings by table, by name and slips, each part on a new page', () => {
    const job = roundPrintJob(withB, 1, 'A4')
    if (!job.ok) throw new Error(job.error.message)
    expect(job.value.divisions).toEqual(['A', 'B'])
    expect(job.value.title).toBe('Round 1, divisions A, B: KL <Open> & Cup')
    const parts = job.value.html.match(/<div class="part[^"]*">/g) ?? []
    // Three documents per division; all but the first start a page.
    expect(parts).toHaveLength(6)
    expect(parts.filter((p) => p.includes('new-page'))).toHaveLength(5)
    expect(job.value.html).toContain('Zed, Ann')
    expect(job.value.html.match(/class="slip"/g)).toHaveLength(3)
    expect(job.value.html.match(/<!doctype html>/g)).toHaveLength(1)
  })

  test('the Rounds screen’s R prints only the division it shows (issue 19)', () => {
    const job = roundPrintJob(withB, 1, 'A4', ['B'])
    if (!job.ok) throw new Error(job.error.message)
    expect(job.value.divisions).toEqual(['B'])
    expect(job.value.title).toBe('Round 1, division B: KL <Open> & Cup')
    expect(job.value.suggestedName).toMatch(/-r1-b\.pdf$/)
    expect(job.value.html.match(/<div class="part[^"]*">/g)).toHaveLength(3)
    expect(job.value.html.match(/class="slip"/g)).toHaveLength(1)
    expect(job.value.html).toContain('Zed, Ann')
    expect(job.value.html).not.toContain('Chong, Mei')
  })

  test('a division without the round is refused with the division named (issue 19)', () => {
    const job = roundPrintJob(withB, 2, 'A4', ['B'])
    expect(job.ok ? 'printed' : job.error.message).toBe('Round 2 of division B is not paired yet.')
  })

  test('a round no division has paired is refused with the round named', () => {
    const job = roundPrintJob(withB, 2, 'A4')
    expect(job.ok ? 'printed' : job.error.message).toBe('No division has round 2 paired yet.')
  })

  test.each([
    { name: 'no result in yet', commands: [], heading: 'Round 1: 0 of 2 results in' },
    {
      name: 'every result in',
      commands: [
        {
          type: 'recordResult',
          division: 'A',
          round: 1,
          game: { table: 1 },
          result: played([1, 2], [400, 350], msa),
        },
        {
          type: 'recordResult',
          division: 'A',
          round: 1,
          game: { table: 2 },
          result: played([3, 4], [380, 390], msa),
        },
      ] as Command[],
      heading: 'After round 1',
    },
  ])('printed standings with $name say “$heading”', ({ commands, heading }) => {
    const current = build([...START, ...commands])
    const report = buildReport(current, { kind: 'standings', division: 'A', round: 1 })
    if (!report.ok) throw new Error(report.error.message)
    expect(printJob(report.value, 'A4').html).toContain(`<b>${heading}</b>`)
  })
})
