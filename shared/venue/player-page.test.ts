import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { decodeTFileBytes } from '../formats/text-codec'
import { importTshFiles } from '../formats/tsh-import'
import { rulesFromPreset } from '../rules/presets'
import { fold } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { applyAll, create, played, register } from '../tournament/test-support/event'
import type { Division, TournamentState } from '../tournament/types'
import {
  PLAYER_PAGE_CSP,
  PLAYER_PAGE_SCRIPT,
  playerPart,
  playerPartAnswer,
  renderCodeForm,
  renderPlayerPage,
} from './player-page'

const NOW = new Date(2022, 1, 19, 17, 0, 0)

const fixture = (name: string): string =>
  decodeTFileBytes(
    readFileSync(new URL(`../formats/__fixtures__/mgi-2022/${name}`, import.meta.url)),
  ).text

/** MGI 2022's division A, as tsh left it after round 12. */
function mgi(): { readonly state: TournamentState; readonly division: Division } {
  const imported = importTshFiles(
    {
      kind: 't',
      file: { name: 'a.t', text: fixture('a.t') },
      config: { name: 'config.tsh', text: fixture('config.tsh') },
    },
    {},
    '2022-02-19',
  )
  if (!imported.ok) throw new Error(imported.error.message)
  const folded = fold(
    'mgi-2022',
    imported.value.commands.map((command, seq) => ({
      seq,
      at: '2022-02-19T09:00:00.000Z',
      command,
    })),
  )
  if (!folded.ok || folded.value === undefined) throw new Error('the import folds')
  const division = folded.value.divisions[0]
  if (division === undefined) throw new Error('division A')
  return { state: folded.value, division }
}

function pageOf(state: TournamentState, number: number, division = 'A') {
  const found = state.divisions.find((d) => d.name === division)
  const player = found?.players[number - 1]
  if (found === undefined || player === undefined) throw new Error(`no player ${String(number)}`)
  return { state, division: found, player, code: 'ACDEFGHJ', version: 7, now: NOW }
}

describe('a player’s own page (issue 30), the worked example of MGI 2022 division A', () => {
  const { state } = mgi()

  test('Eta Karo after round 12: table 2 against Opeyemi Oloro, he started, won 485–385; 19th, 7–5, +345', () => {
    // a.t: Karo's 12th opponent is #35 (Oloro), his score 485, board 2, p12 1 (first), rrank 19.
    const part = playerPart(pageOf(state, 1))
    expect(part.said).toBe(
      'Round 12: Table 2, against Oloro, Opeyemi. You start. Result: Won 485–385.',
    )
    expect(part.html).toContain('<p class="place">Table 2</p>')
    expect(part.html).toContain('Ranked 19th, 7–5, spread +345 (after round 12).')
    expect(part.html).toContain(
      '<strong>Round 1</strong>: table 2, against Omosefe, Prince (first).',
    )
    expect(part.html).toContain('<span class="outcome">Lost 368–494</span>. Record 1–1 -20')
    expect(part.html.match(/<li>/g)).toHaveLength(12)
  })

  test('the whole page: one script of its own, no reload, a polite status for what changes', () => {
    const page = renderPlayerPage(pageOf(state, 1))
    expect(page.status).toBe(200)
    expect(page.body).toContain('<h1>Karo, Eta</h1>')
    // The script reads the code and the log length it is as of from the page's own attributes.
    expect(page.body).toMatch(/<main\s+id="player"\s+data-code="ACDEFGHJ"\s+data-version="7"/)
    expect(page.body).toContain('<script src="/me/page.js" defer></script>')
    expect(page.body).toContain('role="status" aria-live="polite"')
    expect(page.body).not.toContain('http-equiv="refresh"')
    expect(page.body).not.toMatch(/<script>|style="/)
    expect(playerPartAnswer(pageOf(state, 1)).version).toBe(7)
    expect(PLAYER_PAGE_CSP).toContain("script-src 'self'")
    expect(PLAYER_PAGE_CSP).not.toMatch(/unsafe/)
    expect(PLAYER_PAGE_SCRIPT).toContain("'/me/' + code + '/part?after='")
  })
})

const nsa = rulesFromPreset('nsa1995')
const setup: readonly Command[] = [
  create('nsa1995', 3),
  { type: 'addDivision', name: 'A' },
  register('<b>Ann & "Bo"</b>', 1850),
  register('Bob', 1790),
  register('Cy', 1700),
  register('Di', 1650),
  register('Ed', 1600),
]
const round1: readonly Command[] = [
  {
    type: 'pairRound',
    division: 'A',
    round: 1,
    system: 'manual',
    pairings: [
      { kind: 'game', table: 1, players: [1, 2], start: { kind: 'director', starter: 2 } },
      { kind: 'game', table: 2, players: [3, 4] },
      { kind: 'bye', player: 5 },
    ],
  },
  { type: 'publishRound', division: 'A', round: 1 },
]
const result1: Command = {
  type: 'recordResult',
  division: 'A',
  round: 1,
  game: { table: 1 },
  result: played([1, 2], [420, 380], nsa),
  first: 2,
}
const pairRound2: Command = {
  type: 'pairRound',
  division: 'A',
  round: 2,
  system: 'manual',
  pairings: [{ kind: 'game', table: 1, players: [1, 3], start: { kind: 'director', starter: 1 } }],
}

describe('what this round says on the phone (issue 30: "who starts, or draw for first")', () => {
  test.each([
    ['nothing published', setup, 1, 'No pairings are published yet.'],
    ['the opponent starts', [...setup, ...round1], 1, 'Round 1: Table 1, against Bob. Bob starts.'],
    [
      'he starts',
      [...setup, ...round1],
      2,
      'Round 1: Table 1, against <b>Ann & "Bo"</b>. You start.',
    ],
    ['the players draw', [...setup, ...round1], 3, 'Round 1: Table 2, against Di. Draw for first.'],
    ['a bye', [...setup, ...round1], 5, 'Round 1: Bye. Result: Bye +50.'],
    [
      'the result in',
      [...setup, ...round1, result1],
      2,
      'Round 1: Table 1, against <b>Ann & "Bo"</b>. You start. Result: Lost 380–420.',
    ],
    [
      'the next round still under review',
      [...setup, ...round1, result1, pairRound2],
      1,
      'Round 1: Table 1, against Bob. Bob starts. Result: Won 420–380.',
    ],
    [
      'the next round published',
      [...setup, ...round1, result1, pairRound2, { type: 'publishRound', division: 'A', round: 2 }],
      1,
      'Round 2: Table 1, against Cy. You start.',
    ],
    [
      'not paired in the round published',
      [...setup, ...round1, result1, pairRound2, { type: 'publishRound', division: 'A', round: 2 }],
      5,
      'Round 2: Not paired.',
    ],
  ] as const)('%s', (_name, commands, player, said) => {
    expect(playerPart(pageOf(applyAll(commands), player)).said).toBe(said)
  })

  test('the round under review is named, never shown; names are text, never markup', () => {
    const part = playerPart(pageOf(applyAll([...setup, ...round1, result1, pairRound2]), 2))
    expect(part.html).toContain('Round 2 pairings are not published yet.')
    expect(part.html).not.toContain('against Cy')
    expect(part.html).toContain('&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;')
    expect(part.html).not.toContain('<b>Ann')
  })
})

describe('the code form (issue 30)', () => {
  test('asks for the code; a refusal is said above it with its status', () => {
    const state = applyAll(setup)
    expect(renderCodeForm(state, undefined).status).toBe(200)
    const refused = renderCodeForm(state, { status: 429, message: 'Too many wrong codes' }, '<x>')
    expect(refused.status).toBe(429)
    expect(refused.body).toContain('role="alert">Too many wrong codes</p>')
    expect(refused.body).toContain('value="&lt;x&gt;"')
    expect(refused.body).toContain('<label for="code">Your code (on your scorecard)</label>')
  })
})
