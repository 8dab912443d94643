import { describe, expect, test } from 'vitest'
import type { NameTags } from '../../../shared/reports/name-tags'
import { buildReport } from '../../../shared/reports/report'
import type { Scorecards } from '../../../shared/reports/scorecards'
import type { Command } from '../../../shared/tournament/commands'
import { PAPER_SIZES } from '../../../shared/tournament/paper'
import { apply } from '../../../shared/tournament/apply'
import { rulesFromPreset } from '../../../shared/rules/presets'
import type { TournamentState } from '../../../shared/tournament/types'
import type { PlayerCodeView } from '../../../shared/venue/protocol'
import {
  nameTagsDocument,
  nameTagsLayout,
  scorecardsDocument,
  scorecardsLayout,
} from './cards-html'
import { codeSlips, divisionCodes, type DivisionCodes } from './players-html'

/*
 * Issue 30, "Players find it": when the event is shared on the venue network, each player's
 * scorecard and name tag carry his own code, typed and as the QR code of his page, made from the
 * codes as the authority lists them when printing; a revoked code is on neither.
 */

const PAGE = 'http://192.168.1.20:8080/me/'
/** A stand-in for `qrcode`: an SVG document that names what it encodes. */
const qr = (text: string): Promise<string> =>
  Promise.resolve(`<?xml version="1.0"?><svg data-text="${text}"><path d="M0 0h7v7H0z"/></svg>`)

/** 60 characters, the most a name may have, with a 36-letter word that must break. */
function longestName(i: number): string {
  const letter = String.fromCharCode(65 + (i % 26))
  return `Wolfeschlegelsteinhausenbergerdorff-${letter}mwq, Maximiliana Wilhelmina`.slice(0, 60)
}

function event(players: number, rounds: number, names: (i: number) => string): TournamentState {
  const commands: Command[] = [
    {
      type: 'createTournament',
      info: {
        name: 'Spring Open',
        venue: 'Civic Hall',
        startDate: '2026-03-14',
        endDate: '2026-03-14',
        rounds,
      },
      rules: rulesFromPreset('wsc2003'),
    },
    { type: 'addDivision', name: 'A' },
    ...Array.from({ length: players }, (_, i): Command => ({
      type: 'registerPlayer',
      division: 'A',
      player: { name: names(i), rating: 2000 - i, memberId: '', club: '' },
    })),
  ]
  let state: TournamentState | undefined
  for (const command of commands) {
    const next = apply(state, command, 't-cards')
    if (!next.ok) throw new Error(`${command.type} refused: ${next.error.message}`)
    state = next.value
  }
  if (state === undefined) throw new Error('no commands')
  return state
}

function cardsOf(state: TournamentState): Scorecards {
  const report = buildReport(state, { kind: 'scorecards', division: 'A', round: 1 })
  if (!report.ok || report.value.kind !== 'scorecards') throw new Error('no scorecards')
  return report.value
}

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

const small = event(2, 3, (i) => ['Ann Able', 'Bob Baker'][i] ?? '')

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
      const state = event(8, 10, longestName)
      const cards = cardsOf(state)
      const codes = Array.from({ length: 8 }, (_, i) => view(i + 1, `ACDEFGH${'JKMNPQRT'[i]}`))
      const coded = divisionCodes(PAGE, await codeSlips(PAGE, codes, qr), 'A')
      const plain = scorecardsLayout(cards, size)
      const layout = scorecardsLayout(cards, size, coded)
      expect(layout.perPage).toBe(2)
      expect(layout.rowMm).toBeGreaterThanOrEqual(5.8)
      // The QR code is taller than the name and event lines: the lines get less room, not the page.
      expect(layout.rowMm).toBeLessThan(plain.rowMm)
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
      const tags = tagsOf(event(8, 3, longestName))
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
