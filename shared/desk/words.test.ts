import { describe, expect, test } from 'vitest'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { basisWords } from '../tournament/describe'
import { applyAll, create, ID, register } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { proposePairing } from './pair-next'
import { parseResultLine, resultCommandFor } from './result-line'

/*
 * Issue 19, "Words": what the desk says about a pairing reads the way the table names its players.
 */

const RATINGS = [2100, 2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100, 1000]

function fontesEvent(): TournamentState {
  const commands: Command[] = [create('nsa1995', 6), { type: 'addDivision', name: 'A' }]
  RATINGS.forEach((rating, i) => commands.push(register(`P${String(i + 1)}`, rating)))
  commands.push({
    type: 'setPairingPlan',
    division: 'A',
    plan: [
      { fromRound: 1, system: 'fontes', basedOn: 'previous', maxRepeats: 0 },
      { fromRound: 4, system: 'swiss', basedOn: 'previous', maxRepeats: 0 },
    ],
  })
  return applyAll(commands)
}

function run(state: TournamentState, command: Command): TournamentState {
  const next = apply(state, command, ID)
  if (!next.ok) throw new Error(next.error.message)
  return next.value
}

describe('a reason names seeds and records in the order of its table (issue 19)', () => {
  // Seeds by rating: player #n is seed n.
  const state = fontesEvent()
  const proposal = proposePairing(state, 'A', 1, { seed: 11 })
  if (!proposal.ok) throw new Error(proposal.error.message)
  const games = proposal.value.command.pairings.flatMap((p) => (p.kind === 'game' ? [p] : []))

  test.each(games.map((g) => ({ table: g.table, players: g.players, reason: g.reason ?? '' })))(
    'Initial Fontes table $table: #$players.0 v #$players.1 reads "seeds $players.0 and $players.1"',
    ({ players, reason }) => {
      expect(reason).toContain(`seeds ${String(players[0])} and ${String(players[1])}`)
    },
  )

  test('round 2: the first-named player’s record comes first', () => {
    let after = run(state, proposal.value.command)
    for (const g of games) {
      const line = parseResultLine(`${String(g.table)} 300 400`, {
        state: after,
        division: 'A',
        round: 1,
      })
      if (!line.ok) throw new Error(line.error.message)
      after = run(after, resultCommandFor(after, 'A', 1, line.value))
    }
    // Every table's second-named player won round 1.
    const winners = new Set(games.map((g) => g.players[1]))
    const next = proposePairing(after, 'A', 2, { seed: 11 })
    if (!next.ok) throw new Error(next.error.message)
    for (const p of next.value.command.pairings) {
      if (p.kind !== 'game') continue
      const records = p.players.map((id) => (winners.has(id) ? '1–0' : '0–1'))
      expect(p.reason).toContain(`${records[0] ?? ''} vs ${records[1] ?? ''}`)
    }
  })
})

describe('round 1 is paired on ratings, not on the standings of a previous round (issue 19)', () => {
  test.each([
    { basedOn: 'previous', fromRound: 1, words: 'ratings in round 1, then the previous round' },
    {
      basedOn: 'lagged',
      fromRound: 1,
      words: 'ratings in round 1, then the round before that (lagged)',
    },
    { basedOn: 'previous', fromRound: 4, words: 'the previous round' },
    { basedOn: 'lagged', fromRound: 4, words: 'the round before that (lagged)' },
  ] as const)('a step from round $fromRound based on $basedOn: "$words"', (step) => {
    expect(basisWords(step.basedOn, step.fromRound)).toBe(step.words)
  })

  test('the engine’s own account of round 1 says ratings', () => {
    const proposal = proposePairing(fontesEvent(), 'A', 1, { seed: 2 })
    expect(proposal.ok ? proposal.value.summary.join('\n') : '').toContain(
      'on the ratings, before any game',
    )
  })
})
