import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { standingsTable } from '../desk/standings-table'
import { rulesFromPreset } from '../rules/presets'
import { fold } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { applyAll, create, played, register } from '../tournament/test-support/event'
import { generateLog } from '../tournament/test-support/generate-log'
import type { TournamentState } from '../tournament/types'
import {
  LIVE_CSS,
  LIVE_REFRESH_SECONDS,
  LIVE_SEARCH_LIMIT,
  liveRoute,
  renderLivePage,
  type LivePage,
  type LiveRoute,
} from './live-pages'

const nsa = rulesFromPreset('nsa1995')
const NOW = new Date(2026, 2, 14, 10, 5, 0)
const NO_QUERY = new URLSearchParams()
const KIDS = 'Kids & <Teens>/U12'

const setup: readonly Command[] = [
  create('nsa1995', 3),
  { type: 'addDivision', name: 'A' },
  register('<b>Ann & "Bo"</b>', 1850),
  register('Zoë O’Brien', 1790),
  register('Cy', 1700),
  register('Di', 1650),
  register('Ed', 1600),
  { type: 'addDivision', name: KIDS },
  register('Kim', 900, KIDS),
  register('Lou', 800, KIDS),
]

const round1: readonly Command[] = [
  {
    type: 'pairRound',
    division: 'A',
    round: 1,
    system: 'manual',
    pairings: [
      { kind: 'game', table: 1, players: [1, 2], start: { kind: 'director', starter: 2 } },
      { kind: 'game', table: 2, players: [3, 4], start: { kind: 'director', starter: 3 } },
      { kind: 'bye', player: 5 },
    ],
  },
  { type: 'publishRound', division: 'A', round: 1 },
  {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table: 1 },
    result: played([1, 2], [420, 380], nsa),
    first: 2,
  },
  {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table: 2 },
    result: played([3, 4], [402, 410], nsa),
    first: 3,
  },
]

const pairRound2: Command = {
  type: 'pairRound',
  division: 'A',
  round: 2,
  system: 'manual',
  pairings: [
    { kind: 'game', table: 1, players: [1, 4], start: { kind: 'director', starter: 1 } },
    { kind: 'game', table: 2, players: [2, 5], start: { kind: 'director', starter: 5 } },
    { kind: 'bye', player: 3 },
  ],
}

const round2Result: Command = {
  type: 'recordResult',
  division: 'A',
  round: 2,
  game: { table: 1 },
  result: played([1, 4], [350, 390], nsa),
  first: 1,
}

/** Round 1 published and played; round 2 paired, still under the director's review. */
const reviewing = applyAll([...setup, ...round1, pairRound2])
const published = applyAll([
  ...setup,
  ...round1,
  pairRound2,
  { type: 'publishRound', division: 'A', round: 2 },
])
const onlyUnpublished = applyAll([...setup, round1[0] as Command])
const notPaired = applyAll(setup)
const playedUnpublished = applyAll([...setup, ...round1, pairRound2, round2Result])

function generated(players: number, rounds: number, seed: number): TournamentState {
  const folded = fold(
    'live',
    generateLog({ players, rounds, seed, starts: 'given', publish: true }),
  )
  if (!folded.ok || folded.value === undefined) throw new Error('the generated log folds')
  return folded.value
}

function page(state: TournamentState | undefined, path: string, query = NO_QUERY): LivePage {
  return renderLivePage(state, path, query, NOW)
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

/** What a screen reader reads of some markup: tags gone, entities decoded, spaces collapsed. */
function text(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim()
}

/** The body rows of the page's table, each cell's text. */
function rows(body: string): string[][] {
  const tbody = /<tbody>([\s\S]*?)<\/tbody>/.exec(body)?.[1] ?? ''
  return [...tbody.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
      text(cell[1] ?? ''),
    ),
  )
}

const heading = (body: string): string => text(/<h1>([\s\S]*?)<\/h1>/.exec(body)?.[1] ?? '')

describe('routes: what follows /live', () => {
  test.each<[string, LiveRoute]>([
    ['', { kind: 'index' }],
    ['/', { kind: 'index' }],
    ['/live.css', { kind: 'stylesheet' }],
    ['/A/pairings', { kind: 'pairings', division: 'A' }],
    ['/A/pairings/', { kind: 'pairings', division: 'A' }],
    ['/A/standings', { kind: 'standings', division: 'A' }],
    ['/A/player/12', { kind: 'player', division: 'A', player: 12 }],
    [`/${encodeURIComponent(KIDS)}/player/2`, { kind: 'player', division: KIDS, player: 2 }],
    ['/A/player/0', { kind: 'unknown' }],
    ['/A/player/x', { kind: 'unknown' }],
    ['/A/player/1/more', { kind: 'unknown' }],
    ['/A', { kind: 'unknown' }],
    ['/A/wallchart', { kind: 'unknown' }],
    ['/%E0%A4%A/pairings', { kind: 'unknown' }],
  ])('%j', (path, route) => {
    expect(liveRoute(path)).toEqual(route)
  })
})

describe('pairings: the hall sees a round once published (types.ts, Round.published)', () => {
  test.each<[string, TournamentState, string, string | null, number]>([
    [
      'round 2 under review: round 1 shown',
      reviewing,
      'Division A: Round 1 pairings',
      'Round 2',
      3,
    ],
    ['round 2 published', published, 'Division A: Round 2 pairings', null, 3],
    ['only round 1, unpublished', onlyUnpublished, 'Division A: Pairings', 'Round 1', 0],
    ['nothing paired', notPaired, 'Division A: Pairings', null, 0],
  ])('%s', (_, state, title, waiting, tableRows) => {
    const { status, body } = page(state, '/A/pairings')
    expect(status).toBe(200)
    expect(heading(body)).toBe(title)
    expect(text(body).includes(`${waiting ?? ''} pairings are not published yet`)).toBe(
      waiting !== null,
    )
    expect(rows(body)).toHaveLength(tableRows)
  })

  test('nothing of an unpublished round reaches the phones: not its tables, not on a player page', () => {
    const pairings = page(reviewing, '/A/pairings').body
    // Round 2 pairs Ann with Di (table 1); round 1 had Ann with Zoë.
    expect(rows(pairings)[0]).toEqual(['1', '<b>Ann & "Bo"</b>', 'Zoë O’Brien *', ''])
    const ann = rows(page(reviewing, '/A/player/1').body)
    expect(ann.map((row) => row[0])).toEqual(['1'])
  })

  test.each<[string, TournamentState, string, string[]]>([
    // MSA 1.4 / the printed pairings: `*` after the player who starts.
    [
      'the director gave the starter',
      published,
      '/A/pairings',
      ['1', '<b>Ann & "Bo"</b> *', 'Di', ''],
    ],
    ['the second seat starts', published, '/A/pairings', ['2', 'Zoë O’Brien', 'Ed *', '']],
    // NSA VII.J.1: a bye counts as a win by the bye spread, printed beside the name.
    ['a bye, with its spread', published, '/A/pairings', ['Bye', 'Cy', 'Bye (+50)', '']],
  ])('%s (as the printed pairings say it)', (_, state, path, row) => {
    expect(rows(page(state, path).body)).toContainEqual(row)
  })

  test('a table where nobody decided who starts says Draw, with the tile draw (NSA II.F.1)', () => {
    const state = applyAll([
      ...setup,
      {
        type: 'pairRound',
        division: 'A',
        round: 1,
        pairings: [
          { kind: 'game', table: 1, players: [1, 2], start: { kind: 'undecided' } },
          { kind: 'game', table: 2, players: [3, 4], start: { kind: 'undecided' } },
          { kind: 'bye', player: 5 },
        ],
      },
      { type: 'publishRound', division: 'A', round: 1 },
    ])
    const { body } = page(state, '/A/pairings')
    expect(rows(body)[0]).toEqual(['1', '<b>Ann & "Bo"</b>', 'Zoë O’Brien', 'Draw'])
    expect(text(body)).toContain(`the players draw tiles for first. ${nsa.printed.tileDraw}`)
  })
})

describe("standings: the app's own (shared/desk/standings-table.ts)", () => {
  test.each([
    [9, 3, 1],
    [30, 4, 2],
    [51, 6, 3],
  ])('%i players, %i rounds, seed %i: same order, record and spread', (players, rounds, seed) => {
    const state = generated(players, rounds, seed)
    const shown = rows(page(state, '/A/standings').body)
    const app = standingsTable(state, 'A', rounds)
    expect(shown.map((row) => row[1])).toEqual(app.map((row) => row.name))
    expect(shown.map((row) => Number(row[0]))).toEqual(app.map((row) => row.rank))
    expect(shown.map((row) => row[2])).toEqual(app.map((row) => `${row.wins}–${row.losses}`))
  })

  test('any event: the page lists the standings table, row for row (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 24 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer(),
        (players, rounds, seed) => {
          const state = generated(players, rounds, seed)
          const shown = rows(page(state, '/A/standings').body).map((row) => row[1])
          expect(shown).toEqual(standingsTable(state, 'A', rounds).map((row) => row.name))
        },
      ),
      { numRuns: 25 },
    )
  })

  test.each<[string, TournamentState, string, string[][]]>([
    [
      'round 2 under review: after round 1, its bye not told',
      reviewing,
      'Standings after round 1.',
      [
        ['1', 'Ed', '1–0', '+50'],
        ['2', '<b>Ann & "Bo"</b>', '1–0', '+40'],
        ['3', 'Di', '1–0', '+8'],
        ['4', 'Cy', '0–1', '-8'],
        ['5', 'Zoë O’Brien', '0–1', '-40'],
      ],
    ],
    [
      // NSA VII.J.1: the bye is a win by the bye spread as soon as the round is paired.
      'round 2 published, no result in: its bye counts',
      published,
      'Standings round 2: 0 of 2 results in.',
      [
        ['1', 'Ed', '1–0', '+50'],
        ['2', '<b>Ann & "Bo"</b>', '1–0', '+40'],
        ['3', 'Di', '1–0', '+8'],
        ['4', 'Cy', '1–1', '+42'],
        ['5', 'Zoë O’Brien', '0–1', '-40'],
      ],
    ],
  ])('%s (design.md, "Standings": wins, losses, spread)', (_, state, asOf, expected) => {
    const { body } = page(state, '/A/standings')
    expect(text(body)).toContain(asOf)
    expect(rows(body)).toEqual(expected)
  })

  test('the rules changed, the division not: the standings kept for the division are not reused', () => {
    const before = rows(page(published, '/A/standings').body)
    // A spread cap (tsh's `spreadcap`), the division object untouched, as a rules change leaves it.
    const capped: TournamentState = {
      ...published,
      rules: { ...published.rules, results: { ...published.rules.results, spreadCapPerGame: 10 } },
    }
    expect(capped.divisions[0]).toBe(published.divisions[0])
    expect(before[1]).toEqual(['2', '<b>Ann & "Bo"</b>', '1–0', '+40'])
    // Ann's +40 and Ed's bye both count 10: equal, so they share first place.
    expect(rows(page(capped, '/A/standings').body)).toContainEqual([
      '1',
      '<b>Ann & "Bo"</b>',
      '1–0',
      '+10',
    ])
  })

  test('a result entered shows on the next reload', () => {
    const before = rows(page(published, '/A/standings').body)
    const after = applyAll([
      ...setup,
      ...round1,
      pairRound2,
      { type: 'publishRound', division: 'A', round: 2 },
      round2Result,
    ])
    expect(before[2]).toEqual(['3', 'Di', '1–0', '+8'])
    expect(rows(page(after, '/A/standings').body)).toEqual(
      standingsTable(after, 'A', 2).map((row) => [
        String(row.rank),
        row.name,
        `${row.wins}–${row.losses}`,
        row.spread > 0 ? `+${row.spread}` : String(row.spread),
      ]),
    )
    expect(rows(page(after, '/A/standings').body)[0]).toEqual(['1', 'Di', '2–0', '+48'])
  })

  test('a withdrawn player is named so, as on the projector', () => {
    const state = applyAll([
      ...setup,
      ...round1,
      { type: 'withdrawPlayer', division: 'A', player: 4, fromRound: 2, disqualified: true },
    ])
    expect(rows(page(state, '/A/standings').body).map((row) => row[1])).toContain(
      'Di (disqualified from round 2)',
    )
  })
})

describe("a player's page: their games round by round", () => {
  test.each<[string, TournamentState, string, string[][]]>([
    [
      'round 1 won second; round 2 not published',
      reviewing,
      '/A/player/1',
      [['1', '1', 'Zoë O’Brien', 'Second', 'Won 420–380', '1–0 +40']],
    ],
    [
      'round 2 not published but already played: shown',
      playedUnpublished,
      '/A/player/1',
      [
        ['1', '1', 'Zoë O’Brien', 'Second', 'Won 420–380', '1–0 +40'],
        ['2', '1', 'Di', 'First *', 'Lost 350–390', '1–1 0'],
      ],
    ],
    [
      'a bye (NSA VII.J.1), then a game not yet in',
      published,
      '/A/player/3',
      [
        ['1', '2', 'Di', 'First *', 'Lost 402–410', '0–1 -8'],
        ['2', '', 'Bye', '', 'Bye +50', '1–1 +42'],
      ],
    ],
    [
      'a result not in yet: no record',
      published,
      '/A/player/5',
      [
        ['1', '', 'Bye', '', 'Bye +50', '1–0 +50'],
        ['2', '2', 'Zoë O’Brien', 'First *', 'Not in yet', ''],
      ],
    ],
    [
      // NSA IV.J.3: the director's penalty comes off the spread, as the scorecard counts it.
      'a spread penalty',
      applyAll([
        ...setup,
        ...round1,
        { type: 'assignPenalty', division: 'A', player: 1, round: 1, points: 10, reason: 'slow' },
      ]),
      '/A/player/1',
      [['1', '1', 'Zoë O’Brien', 'Second', 'Won 420–380 (penalty -10)', '1–0 +30']],
    ],
    [
      'a round the player was left out of',
      applyAll([
        ...setup,
        {
          type: 'pairRound',
          division: 'A',
          round: 1,
          pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
        },
        { type: 'publishRound', division: 'A', round: 1 },
      ]),
      '/A/player/3',
      [['1', 'Not paired', '']],
    ],
  ])('%s', (_, state, path, expected) => {
    const { status, body } = page(state, path)
    expect(status).toBe(200)
    expect(rows(body)).toEqual(expected)
  })

  test('the heading names the player and where they stand', () => {
    const { body } = page(reviewing, '/A/player/1')
    expect(heading(body)).toBe('<b>Ann & "Bo"</b>')
    expect(text(body)).toContain('Division A, player #1')
    expect(text(body)).toContain('Ranked 2nd, 1–0, spread +40 (after round 1).')
  })

  test('a player with no game yet', () => {
    expect(text(page(notPaired, `/${encodeURIComponent(KIDS)}/player/2`).body)).toContain(
      'No games yet.',
    )
  })
})

describe("search (the desk's own, shared/tournament/search.ts)", () => {
  test.each<[string, string[]]>([
    ['ann', ['<b>Ann & "Bo"</b> (division A)']],
    ['brien', ['Zoë O’Brien (division A)']],
    ["o'brien", ['Zoë O’Brien (division A)']],
    ['zoe', ['Zoë O’Brien (division A)']],
    ['k', [`Kim (division ${KIDS})`]],
    ['nobody', []],
  ])('?q=%s', (q, found) => {
    const { body } = page(published, '', new URLSearchParams({ q }))
    const list = /<ul class="found">([\s\S]*?)<\/ul>/.exec(body)?.[1] ?? ''
    const items = [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((item) => text(item[1] ?? ''))
    expect(items).toEqual(found)
    if (found.length === 0) expect(text(body)).toContain(`No player's name matches “${q}”.`)
  })

  test('a fragment that finds many lists the first ones and asks for more of the name', () => {
    const state = generated(120, 1, 7)
    const { body } = page(state, '', new URLSearchParams({ q: 'player' }))
    expect(body.match(/href="\/live\/A\/player\//g)).toHaveLength(LIVE_SEARCH_LIMIT)
    expect(text(body)).toContain(`${120 - LIVE_SEARCH_LIMIT} more match: type more of the name.`)
  })

  test('each result links to the player page, the division name escaped for the address', () => {
    const { body } = page(published, '', new URLSearchParams({ q: 'lou' }))
    const link = `/live/${encodeURIComponent(KIDS)}/player/2`
    expect(body).toContain(`href="${link}"`)
    expect(liveRoute(link.slice('/live'.length))).toEqual({
      kind: 'player',
      division: KIDS,
      player: 2,
    })
  })
})

describe('index', () => {
  test('the event, each division with its pairings and standings', () => {
    const { status, body } = page(published, '/')
    expect(status).toBe(200)
    expect(heading(body)).toBe('Spring Open')
    expect(body).toContain('href="/live/A/pairings"')
    expect(body).toContain('href="/live/A/standings"')
    expect(body).toContain(`href="/live/${encodeURIComponent(KIDS)}/standings"`)
    expect(body).toMatch(/<form method="get" action="\/live" role="search">/)
  })

  test('the index holds the search box, so it never reloads under a thumb typing a name', () => {
    expect(page(published, '/').body).not.toContain('http-equiv="refresh"')
    expect(page(published, '/A/pairings').body).toContain(
      `<meta http-equiv="refresh" content="${LIVE_REFRESH_SECONDS}" />`,
    )
  })
})

describe('escaping: names are text, never markup', () => {
  const evil = '<script>alert("x")</script>'
  test.each<[string, TournamentState, string, URLSearchParams]>([
    ['pairings', published, '/A/pairings', NO_QUERY],
    ['standings', published, '/A/standings', NO_QUERY],
    ['player', published, '/A/player/1', NO_QUERY],
    ['opponent', published, '/A/player/2', NO_QUERY],
    ['search', published, '', new URLSearchParams({ q: evil })],
    ['division name', published, `/${encodeURIComponent(KIDS)}/standings`, NO_QUERY],
    ['unknown division', published, `/${encodeURIComponent(evil)}/pairings`, NO_QUERY],
  ])('%s', (_, state, path, query) => {
    const { body } = page(state, path, query)
    expect(body).not.toMatch(/<(b|script|Teens)>/)
    expect(body).not.toContain('"Bo"')
  })

  test('the search typed is shown back as typed', () => {
    const { body } = page(published, '', new URLSearchParams({ q: evil }))
    expect(body).toContain('value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"')
  })
})

describe('not found: a clear word and a link home', () => {
  test.each<[string, TournamentState | undefined, string]>([
    ['/Z/pairings', published, 'There is no division “Z” in this event.'],
    ['/Z/player/1', published, 'There is no division “Z” in this event.'],
    ['/A/player/99', published, 'Division A has no player #99.'],
    ['/A/player/0', published, 'There is no page “/A/player/0” here.'],
    ['/A/wallchart', published, 'There is no page “/A/wallchart” here.'],
    ['/%E0%A4%A/pairings', published, 'There is no page “/%E0%A4%A/pairings” here.'],
    ['/nothing/here/at/all', undefined, 'There is no page “/nothing/here/at/all” here.'],
  ])('%s', (path, state, why) => {
    const { status, contentType, body } = page(state, path)
    expect(status).toBe(404)
    expect(contentType).toBe('text/html; charset=utf-8')
    expect(text(body)).toContain(why)
    expect(body).toContain('<a href="/live">Back to the event\'s page</a>')
    expect(body).not.toContain('http-equiv="refresh"')
  })
})

describe('before the event opens', () => {
  test.each(['', '/', '/A/pairings', '/A/standings', '/A/player/1'])('%j, reloading', (path) => {
    const { status, body } = page(undefined, path)
    expect(status).toBe(200)
    expect(heading(body)).toBe('The event has not started')
    expect(body).toContain(`<meta http-equiv="refresh" content="${LIVE_REFRESH_SECONDS}" />`)
  })
})

describe('every page: phones, screen readers, the CSP', () => {
  const paths = ['', '/A/pairings', '/A/standings', '/A/player/1', '/Z/pairings']
  test.each(paths)(
    '%j: UTF-8, lang, viewport, the stylesheet, no script or inline style',
    (path) => {
      const { contentType, body } = page(published, path)
      expect(contentType).toBe('text/html; charset=utf-8')
      expect(body).toMatch(/^<!doctype html>\s*<html lang="en">/)
      expect(body).toContain('<meta charset="utf-8" />')
      expect(body).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1" />',
      )
      expect(body).toContain('<link rel="stylesheet" href="/live/live.css" />')
      expect(body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i)
    },
  )

  test.each(['/A/pairings', '/A/standings', '/A/player/1'])(
    '%j: every header cell has a scope',
    (path) => {
      const { body } = page(published, path)
      const headers = body.match(/<th\b[^>]*>/g) ?? []
      expect(headers.length).toBeGreaterThan(0)
      for (const th of headers) expect(th).toMatch(/scope="(col|row)"/)
    },
  )

  test('the stylesheet is served from the same function, as CSS', () => {
    expect(page(undefined, '/live.css')).toEqual({
      status: 200,
      contentType: 'text/css; charset=utf-8',
      body: LIVE_CSS,
    })
    expect(LIVE_CSS).toContain('max-width')
  })

  test("the page says when it was made, by the authority's clock", () => {
    expect(text(page(published, '/A/standings').body)).toContain(
      `Updated 10:05:00; this page reloads every ${LIVE_REFRESH_SECONDS} seconds.`,
    )
  })
})
