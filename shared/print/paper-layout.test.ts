import { describe, expect, test } from 'vitest'
import { buildReport } from '../reports/report'
import type { Scorecards } from '../reports/scorecards'
import type { ResultSlips } from '../reports/slips'
import { rulesFromPreset } from '../rules/presets'
import type { PresetId, RuleSet } from '../rules/rule-set'
import type { Command, PairingSpec } from '../tournament/commands'
import { PAPER_SIZES } from '../tournament/paper'
import { apply } from '../tournament/apply'
import type { TournamentState } from '../tournament/types'
import type { NameTags } from '../reports/name-tags'
import type { PlayerCodeView } from '../venue/protocol'
import {
  nameTagsDocument,
  nameTagsLayout,
  scorecardsDocument,
  scorecardsLayout,
} from './cards-html'
import { codeSlips, divisionCodes, type DivisionCodes } from './players-html'
import { printJob, roundPrintJob } from './render'
import { SLIPS_PER_PAGE, slipLayout, slipsDocument } from './slips-html'
import { textWidthMm, wrappedLines } from './text-width'

/*
 * Issue 28: every Letter slip lost the bottom of its rules box (a fixed height with
 * `overflow: hidden`), slips fitted 3 to a page and scorecards 1 to an A4 page. Each page is laid
 * out for A4 and for Letter, for the longest names a player may have (60 characters,
 * shared/tournament/validation.ts) and four-digit tables. The PDFs themselves are read back in
 * e2e/paper.spec.ts.
 */

function applyAll(commands: readonly Command[]): TournamentState {
  let state: TournamentState | undefined
  for (const command of commands) {
    const next = apply(state, command, 't-paper')
    if (!next.ok) throw new Error(`${command.type} refused: ${next.error.message}`)
    state = next.value
  }
  if (state === undefined) throw new Error('no commands')
  return state
}

/** 60 characters, the most a name may have, with a 36-letter word that must break. */
function longestName(i: number): string {
  const letter = String.fromCharCode(65 + (i % 26))
  return `Wolfeschlegelsteinhausenbergerdorff-${letter}mwq, Maximiliana Wilhelmina`.slice(0, 60)
}

function event(options: {
  readonly players: number
  readonly rounds: number
  readonly rules?: RuleSet
  readonly preset?: PresetId
  readonly names?: (i: number) => string
}): TournamentState {
  const names = options.names ?? longestName
  const pairings: PairingSpec[] = []
  for (let p = 1; p < options.players; p += 2) {
    pairings.push({
      kind: 'game',
      // Four-digit tables: the hall's last division from 8991.
      table: 8990 + (p + 1) / 2,
      players: [p, p + 1],
      // Every other table draws for first, so its slip prints how.
      ...(p % 4 === 1 ? { start: { kind: 'director', starter: p } } : {}),
    })
  }
  const commands: Command[] = [
    {
      type: 'createTournament',
      info: {
        name: 'The Wellington Invitational Scrabble Championship of New Zealand',
        venue: 'Michael Fowler Centre',
        startDate: '2026-03-14',
        endDate: '2026-03-15',
        rounds: options.rounds,
      },
      rules: options.rules ?? rulesFromPreset(options.preset ?? 'wsc2003'),
    },
    { type: 'addDivision', name: 'A' },
    ...Array.from({ length: options.players }, (_, i): Command => ({
      type: 'registerPlayer',
      division: 'A',
      player: { name: names(i), rating: 2000 - i, memberId: '', club: '' },
    })),
    { type: 'pairRound', division: 'A', round: 1, pairings },
  ]
  return applyAll(commands)
}

function slipsOf(state: TournamentState): ResultSlips {
  const report = buildReport(state, { kind: 'result-slips', division: 'A', round: 1 })
  if (!report.ok || report.value.kind !== 'result-slips') throw new Error('no slips')
  return report.value
}

function cardsOf(state: TournamentState): Scorecards {
  const report = buildReport(state, { kind: 'scorecards', division: 'A', round: 1 })
  if (!report.ok || report.value.kind !== 'scorecards') throw new Error('no scorecards')
  return report.value
}

describe('text widths, worked out before printing (issue 28)', () => {
  test.each([
    { text: 'Ann', pt: 10, width: 50, lines: 1 },
    // The longest name at the slip's 9.5 pt in its 55 mm column: the long word breaks at its hyphen.
    { text: longestName(0), pt: 9.5, width: 55, lines: 2 },
    // A word longer than the line is broken anywhere (overflow-wrap: anywhere), never cut.
    { text: 'W'.repeat(60), pt: 10, width: 20, lines: 11 },
  ])('“$text” at $pt pt in $width mm: $lines lines', ({ text, pt, width, lines }) => {
    expect(wrappedLines(text, pt, width)).toBe(lines)
  })

  test('errs long: capitals and wide letters count for more than narrow ones', () => {
    expect(textWidthMm('WWWW', 10)).toBeGreaterThan(textWidthMm('iiii', 10) * 3)
    expect(textWidthMm('Ann', 10, true)).toBeGreaterThan(textWidthMm('Ann', 10))
  })
})

describe('result slips: four a sheet on A4 and Letter, the rules box never cut (issue 28)', () => {
  test.each(PAPER_SIZES)('%s: four slips and their gaps fit the printable height', (size) => {
    const printable = (size === 'A4' ? 297 : 279.4) - 16
    const layout = slipLayout(slipsOf(event({ players: 8, rounds: 7 })), size)
    expect(SLIPS_PER_PAGE).toBe(4)
    expect(4 * (layout.heightMm + 1.5)).toBeLessThanOrEqual(printable)
    expect(printable - 4 * (layout.heightMm + 1.5)).toBeLessThan(1)
  })

  test.each([
    { preset: 'msa', size: 'A4' },
    { preset: 'wsc2003', size: 'Letter' },
    { preset: 'nsa1995', size: 'Letter' },
  ] as const)(
    '$preset rules, the longest names, $size: a font the rules fit in, never below 5.5 pt',
    ({ preset, size }) => {
      const long = slipLayout(slipsOf(event({ players: 8, rounds: 7, preset })), size)
      const short = slipLayout(
        slipsOf(event({ players: 8, rounds: 7, preset, names: (i) => `Ann ${'ABCDEFGH'[i]}` })),
        size,
      )
      expect(long.rulesPt).toBeGreaterThanOrEqual(5.5)
      expect(short.rulesPt).toBeGreaterThanOrEqual(long.rulesPt)
    },
  )

  test('MSA rules and short names on A4: the rules at 7 pt or more', () => {
    const slips = slipsOf(
      event({ players: 4, rounds: 7, preset: 'msa', names: (i) => `Ann ${'ABCD'[i]}` }),
    )
    expect(slipLayout(slips, 'A4').rulesPt).toBeGreaterThanOrEqual(7)
  })

  test('a director’s own rules as long as allowed (400 characters a field): the slip grows, nothing is hidden', () => {
    const msa = rulesFromPreset('msa')
    const long = (words: string) => words.repeat(Math.floor(400 / words.length))
    const rules: RuleSet = {
      ...msa,
      printed: {
        ...msa.printed,
        wordAuthority: long('Collins Scrabble Words 2024; '),
        endOfGame: long('Six scoreless turns end it; '),
        tileDraw: long('Draw one tile, nearer to A; '),
      },
    }
    const slips = slipsOf(event({ players: 4, rounds: 7, rules }))
    expect(slipLayout(slips, 'Letter').rulesPt).toBe(5.5)
    const doc = slipsDocument(slips, 'Letter', 'Result slips')
    expect(doc).toMatch(/\.slip \{ min-height: [\d.]+mm;/)
    expect(doc).not.toContain('overflow: hidden')
    expect(doc.split('Collins Scrabble Words 2024;').length - 1).toBe(2 * 13)
  })

  test('a table that draws for first prints how on its slip, in the rules box', () => {
    const doc = printJob(slipsOf(event({ players: 4, rounds: 7, preset: 'msa' })), 'A4').html
    expect(doc.match(/<b>Draw for first:<\/b> Each player draws one tile/g)).toHaveLength(1)
    expect(doc).toContain('Draw for first (how: below). Tick who started.')
    expect(doc).toContain('Player #1 plays first (marked *).')
    expect(doc).toContain('<span class="table">Table 8991</span>')
  })
})

describe('a whole round of two divisions in one document (issue 28)', () => {
  test('each division’s slips keep their own rules font: long names in A, short in B', () => {
    const long = event({ players: 8, rounds: 7, preset: 'msa' })
    const short = event({
      players: 8,
      rounds: 7,
      preset: 'msa',
      names: (i) => `Ann ${'ABCDEFGH'[i]}`,
    })
    const b = short.divisions[0]
    if (b === undefined) throw new Error('no division')
    const both: TournamentState = {
      ...long,
      divisions: [...long.divisions, { ...b, name: 'B' }],
    }
    const fonts = (division: string) => {
      const report = buildReport(both, { kind: 'result-slips', division, round: 1 })
      if (!report.ok || report.value.kind !== 'result-slips') throw new Error('no slips')
      return slipLayout(report.value, 'Letter').rulesPt
    }
    expect(fonts('A')).toBeLessThan(fonts('B'))
    const job = roundPrintJob(both, 1, 'Letter')
    if (!job.ok) throw new Error(job.error.message)
    const boxes = [...job.value.html.matchAll(/class="rules" style="font-size: ([\d.]+)pt"/g)]
    expect(boxes.map((m) => Number(m[1]))).toEqual([
      ...Array<number>(4).fill(fonts('A')),
      ...Array<number>(4).fill(fonts('B')),
    ])
  })
})

describe('scorecards: two a sheet when they fit (issue 28)', () => {
  test.each(PAPER_SIZES)('%s: a 10-round event with the longest names, two a sheet', (size) => {
    const cards = cardsOf(event({ players: 8, rounds: 10 }))
    const layout = scorecardsLayout(cards, size)
    expect(layout.perPage).toBe(2)
    expect(layout.rowMm).toBeGreaterThanOrEqual(5.8)
    // Every second card ends its sheet, the last one aside.
    const doc = scorecardsDocument(cards, size, 'Scorecards')
    expect(doc.match(/class="card page-end"/g)).toHaveLength(3)
    expect(doc.match(/class="card"/g)).toHaveLength(5)
  })

  test.each(PAPER_SIZES)('%s: a 30-round event does not fit twice: one a sheet', (size) => {
    const layout = scorecardsLayout(cardsOf(event({ players: 4, rounds: 30 })), size)
    expect(layout).toEqual({ perPage: 1, rowMm: expect.any(Number) as number })
    expect(layout.rowMm).toBeGreaterThanOrEqual(5.8)
  })
})

/*
 * Issue 30, "Players find it": when the event is shared on the venue network, each player's
 * scorecard and name tag carry his own code, typed and as the QR code of his page, made from the
 * codes as the authority lists them when printing; a revoked code is on neither.
 */

const PAGE = 'http://192.168.1.20:8080/me/'
/** A stand-in for `qrcode`: an SVG document that names what it encodes. */
const qr = (text: string): Promise<string> =>
  Promise.resolve(`<?xml version="1.0"?><svg data-text="${text}"><path d="M0 0h7v7H0z"/></svg>`)

function tagsOf(state: TournamentState): NameTags {
  const report = buildReport(state, { kind: 'name-tags', division: 'A', round: 1 })
  if (!report.ok || report.value.kind !== 'name-tags') throw new Error('no name tags')
  return report.value
}

const view = (player: number, code: string | null, issue = 1): PlayerCodeView => ({
  division: 'A',
  player,
  name: `Player ${player}`,
  code,
  issue,
})

const small = event({ players: 2, rounds: 3, names: (i) => ['Ann Able', 'Bob Baker'][i] ?? '' })

describe('codes on the scorecards (issue 30: "scorecards and name tags carry the codes")', () => {
  test.each([
    { when: 'not shared', codes: null, typed: [], qr: [] },
    {
      when: 'shared',
      codes: [view(1, 'ACDEFGHJ'), view(2, 'KMNPQRTU')],
      typed: ['ACDE-FGHJ', 'KMNP-QRTU'],
      qr: [`${PAGE}ACDEFGHJ`, `${PAGE}KMNPQRTU`],
    },
    {
      when: 'reissued for Ann, revoked for Bob',
      codes: [view(1, 'WXYZ2345', 2), view(2, null, 1)],
      typed: ['WXYZ-2345'],
      qr: [`${PAGE}WXYZ2345`],
    },
  ])('$when: the cards carry $typed', async ({ codes, typed, qr: encoded }) => {
    const cards = cardsOf(small)
    const coded =
      codes === null ? undefined : divisionCodes(PAGE, await codeSlips(PAGE, codes, qr), 'A')
    const doc = scorecardsDocument(cards, 'A4', 'Scorecards', coded)
    expect([...doc.matchAll(/<div class="typed">([^<]*)<\/div>/g)].map((m) => m[1])).toEqual(typed)
    expect([...doc.matchAll(/<svg data-text="([^"]*)"/g)].map((m) => m[1])).toEqual(encoded)
    expect(doc).not.toContain('<?xml')
    if (codes === null) {
      // Not shared: the very card printed before codes existed.
      expect(doc).toBe(scorecardsDocument(cards, 'A4', 'Scorecards'))
      expect(doc).not.toContain('Your own page')
    } else {
      expect(doc).toContain(`Your own page: scan, or type the code at ${PAGE}`)
    }
  })

  test('a division takes its own players\u2019 codes: B\u2019s player 1 is not on A\u2019s card', async () => {
    const slips = await codeSlips(PAGE, [{ ...view(1, 'BBBBBBBB'), division: 'B' }], qr)
    const doc = scorecardsDocument(
      cardsOf(small),
      'A4',
      'Scorecards',
      divisionCodes(PAGE, slips, 'A'),
    )
    expect(doc).not.toContain('BBBB')
  })

  test.each(PAPER_SIZES)(
    '%s: a 10-round event with the longest names and codes still fits two a sheet, the QR code counted',
    async (size) => {
      const state = event({ players: 8, rounds: 10 })
      const cards = cardsOf(state)
      const codes = Array.from({ length: 8 }, (_, i) => view(i + 1, `ACDEFGH${'JKMNPQRT'[i]}`))
      const coded = divisionCodes(PAGE, await codeSlips(PAGE, codes, qr), 'A')
      const plain = scorecardsLayout(cards, size)
      const layout = scorecardsLayout(cards, size, coded)
      expect(layout.perPage).toBe(2)
      expect(layout.rowMm).toBeGreaterThanOrEqual(5.8)
      // The QR code beside the name, event line and draw legend takes no room from the page,
      // only (where it is taller than they are) from the lines.
      expect(layout.rowMm).toBeLessThanOrEqual(plain.rowMm)
    },
  )
})

describe('codes on the name tags (issue 30), eight a sheet', () => {
  test.each([
    { when: 'not shared', codes: null, typed: [], numbers: [] },
    {
      when: 'shared',
      codes: [view(1, 'ACDEFGHJ'), view(2, 'KMNPQRTU')],
      typed: ['ACDE-FGHJ', 'KMNP-QRTU'],
      numbers: ['Division A · No. 1', 'Division A · No. 2'],
    },
    {
      when: 'reissued for Bob, revoked for Ann',
      codes: [view(1, null, 1), view(2, 'WXYZ2345', 2)],
      typed: ['WXYZ-2345'],
      numbers: ['Division A · No. 2'],
    },
  ])('$when: the tags carry $typed', async ({ codes, typed, numbers }) => {
    const tags = tagsOf(small)
    const coded =
      codes === null ? undefined : divisionCodes(PAGE, await codeSlips(PAGE, codes, qr), 'A')
    const doc = nameTagsDocument(tags, 'Letter', 'Name tags', coded)
    expect([...doc.matchAll(/<div class="typed">([^<]*)<\/div>/g)].map((m) => m[1])).toEqual(typed)
    expect([...doc.matchAll(/<div class="number">([^<]*)<\/div>/g)].map((m) => m[1])).toEqual(
      numbers,
    )
    expect(doc.match(/<svg data-text=/g) ?? []).toHaveLength(typed.length)
  })

  test.each(PAPER_SIZES)(
    '%s: eight tags of the longest names with codes fit their quarter sheets',
    async (size) => {
      const tags = tagsOf(event({ players: 8, rounds: 3 }))
      const codes = Array.from({ length: 8 }, (_, i) => view(i + 1, `ACDEFGH${'JKMNPQRT'[i]}`))
      const coded: DivisionCodes = divisionCodes(PAGE, await codeSlips(PAGE, codes, qr), 'A')
      const layout = nameTagsLayout(tags, size, coded)
      expect(layout.needMm).toBeLessThanOrEqual(layout.tagMm)
      expect(layout.namePt).toBeGreaterThanOrEqual(14)
      // A short name keeps the large type.
      expect(nameTagsLayout(tagsOf(small), size, coded).namePt).toBe(20)
      expect(nameTagsDocument(tags, size, 'Name tags', coded).match(/class="tag"/g)).toHaveLength(8)
    },
  )
})
