import { describe, expect, test } from 'vitest'
import { parseConfigTsh, spreadCapsByRound } from '../formats/config-tsh'
import { tshEventFiles } from '../formats/tsh-event-export'
import { standingsReport } from '../reports/standings-report'
import type { TieBreak } from '../rules/ranking'
import { fold } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { describeCommand } from '../tournament/describe'
import { applyAll, ID, logOf } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { rankingCommand, rankingNote, rankingWords } from './ranking-choice'
import { standingsTable } from './standings-table'
import { levelOnWinsEvent } from './test-support/level-on-wins'

/* Ann and Bob level on one win: Bob ahead on spread, Ann on everything else (level-on-wins.ts). */
const EVENT = levelOnWinsEvent(['Ann', 'Bob', 'Cy', 'Di'])
const event = applyAll(EVENT)

const order = (state: TournamentState): string =>
  standingsTable(state, 'A', 2)
    .map((r) => `${String(r.rank)} ${r.name} ${String(r.spread)}`)
    .join(', ')

function chosen(tieBreaks: readonly TieBreak[], caps: string): Command[] {
  const command = rankingCommand(event, 'A', tieBreaks, caps)
  if (!command.ok) throw new Error(command.error.message)
  return command.value === null ? [] : [command.value]
}

describe('issue 32: each Settings choice through standings, print and config.tsh', () => {
  test.each<{
    name: string
    tieBreaks: TieBreak[]
    caps: string
    standings: string
    header: string
    config: string[]
  }>([
    {
      name: "the documents' order (rules.md, 'Results, byes, forfeits and spread'): no command",
      tieBreaks: ['spread'],
      caps: '',
      standings: '1 Cy 300, 2 Bob 90, 3 Ann -90, 4 Di -300',
      header: 'Ranked by wins, then spread',
      config: [],
    },
    {
      name: 'head-to-head, then spread (our choice)',
      tieBreaks: ['head-to-head', 'spread'],
      caps: '',
      standings: '1 Cy 300, 2 Ann -90, 3 Bob 90, 4 Di -300',
      header: 'Ranked by wins, then head-to-head, then spread',
      config: ["# Division A: Ranked by wins, then head-to-head, then spread (Rackside's ranking)"],
    },
    {
      name: 'total score (school events, our choice)',
      tieBreaks: ['total-score'],
      caps: '',
      standings: '1 Cy 300, 2 Ann -90, 3 Bob 90, 4 Di -300',
      header: 'Ranked by wins, then total score',
      config: ["# Division A: Ranked by wins, then total score (Rackside's ranking)"],
    },
    {
      name: "opponents' wins (Scrabble Malaysia's opponents' ranking, our reading)",
      tieBreaks: ['opponents-wins'],
      caps: '',
      standings: '1 Cy 300, 2 Ann -90, 3 Bob 90, 4 Di -300',
      header: "Ranked by wins, then opponents' wins",
      config: ["# Division A: Ranked by wins, then opponents' wins (Rackside's ranking)"],
    },
    {
      name: 'a spread cap rising by round (tsh spread_cap = [100,150])',
      tieBreaks: ['spread'],
      caps: '100, 150',
      standings: '1 Cy 200, 2 Bob 90, 3 Ann -90, 4 Di -200',
      header: 'Ranked by wins, then spread capped at 100, 150 from round 2',
      config: ['config spread_cap = [100,150]', 'config standings_spread_cap = [100,150]'],
    },
  ])('$name', ({ tieBreaks, caps, standings, header, config }) => {
    const state = applyAll([...EVENT, ...chosen(tieBreaks, caps)])
    expect(order(state)).toBe(standings)
    expect(rankingWords(state, 'A')).toBe(header)
    const report = standingsReport(state, 'A', 2)
    if (!report.ok) throw new Error(report.error.message)
    expect(report.value.ranking).toBe(rankingNote(state, 'A'))
    expect(report.value.ranking.startsWith(`${header}. `)).toBe(true)
    expect(report.value.rows.map((r) => r.name)).toEqual(
      standingsTable(state, 'A', 2).map((r) => r.name),
    )
    const files = tshEventFiles(state)
    if (!files.ok) throw new Error(files.error.message)
    const lines = files.value.configText.split('\n')
    expect(lines.filter((l) => /spread_cap|^# Division/.test(l))).toEqual(config)
  })

  test('the caps go out in config.tsh and come back as the same caps', () => {
    const state = applyAll([...EVENT, ...chosen(['spread'], '100 150 250')])
    const files = tshEventFiles(state)
    if (!files.ok) throw new Error(files.error.message)
    const read = parseConfigTsh(files.value.configText)
    expect(spreadCapsByRound(read.config, 'A')).toEqual([100, 150, 250])
  })

  test('undo restores the documents’ order; History says what was chosen', () => {
    const [command] = chosen(['head-to-head', 'spread'], '')
    if (command === undefined) throw new Error('no command')
    expect(describeCommand(command)).toBe('Ranking: Ranked by wins, then head-to-head, then spread')
    const log = logOf([...EVENT, command, { type: 'undo', seq: EVENT.length }])
    const undone = fold(ID, log)
    if (!undone.ok || undone.value === undefined) throw new Error('fold failed')
    expect(order(undone.value)).toBe(order(event))
    expect(undone.value.divisions[0]?.ranking).toBeUndefined()
  })

  test.each([
    { caps: '100, abc', code: 'ranking.cap-text' },
    { caps: '0', code: 'ranking.cap' },
    { caps: '100, 20000', code: 'ranking.cap' },
  ])('a cap typed as "$caps" is refused with $code', ({ caps, code }) => {
    const command = rankingCommand(event, 'A', ['spread'], caps)
    expect(command.ok ? null : command.error.code).toBe(code)
  })

  test('a key listed twice is refused; the same ranking again is no command', () => {
    const twice = rankingCommand(event, 'A', ['spread', 'spread'], '')
    expect(twice.ok ? null : twice.error.code).toBe('ranking.repeated')
    expect(rankingCommand(event, 'A', ['spread'], '')).toEqual({ ok: true, value: null })
  })
})
