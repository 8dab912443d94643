/** A seeded event for the pairing worker's tests, played through the desk's own proposals. */
import { proposePairing } from '../../../../shared/desk/pair-next'
import { seededRng } from '../../../../shared/random'
import { playedResult } from '../../../../shared/results/game-result'
import { rulesFromPreset } from '../../../../shared/rules/presets'
import { apply } from '../../../../shared/tournament/apply'
import type { Command, LoggedCommand } from '../../../../shared/tournament/commands'
import type { TournamentState } from '../../../../shared/tournament/types'

function run(
  state: TournamentState | undefined,
  log: LoggedCommand[],
  command: Command,
): TournamentState {
  const next = apply(state, command, 'worker-test')
  if (!next.ok) throw new Error(`${command.type}: ${next.error.code}`)
  log.push({ seq: log.length, at: '2026-03-15T10:00:00.000Z', command })
  return next.value
}

/**
 * A 41-player event (a bye every round, two late entries in round 4) paired by the desk's own
 * proposals, 6 of its 8 rounds played with seeded scores; `before[r]` is the state round r was
 * paired from; `log` the commands that made it (tournament id 'worker-test').
 */
export function playedEvent(seed: number): {
  state: TournamentState
  before: TournamentState[]
  log: LoggedCommand[]
} {
  const log: LoggedCommand[] = []
  const rng = seededRng(seed)
  let state = run(undefined, log, {
    type: 'createTournament',
    info: {
      name: 'Worker Open',
      venue: 'Hall',
      startDate: '2026-03-14',
      endDate: '2026-03-15',
      rounds: 8,
    },
    rules: rulesFromPreset('nsa1995'),
  })
  state = run(state, log, { type: 'addDivision', name: 'A' })
  const register = (n: number, firstRound?: number): void => {
    state = run(state, log, {
      type: 'registerPlayer',
      division: 'A',
      player: { name: `Player ${n}`, rating: 1000 + rng.int(1000), memberId: `M${n}`, club: '' },
      ...(firstRound === undefined ? {} : { firstRound }),
    })
  }
  for (let n = 1; n <= 41; n++) register(n)
  const before: TournamentState[] = []
  for (let round = 1; round <= 6; round++) {
    if (round === 4) [42, 43].forEach((n) => register(n, 4))
    before.push(state)
    const proposed = proposePairing(state, 'A', round, { seed: seed + round })
    if (!proposed.ok) throw new Error(proposed.error.code)
    state = run(state, log, proposed.value.command)
    for (const p of state.divisions[0]?.rounds[round - 1]?.pairings ?? []) {
      if (p.kind !== 'game') continue
      const result = playedResult(
        p.players,
        [300 + rng.int(200), 300 + rng.int(200)],
        [0, 0],
        state.rules,
      )
      if (!result.ok) throw new Error(result.error.code)
      const first =
        p.start.kind === 'rule' && p.start.starter === null ? { first: p.players[0] } : {}
      state = run(state, log, {
        type: 'recordResult',
        division: 'A',
        round,
        game: { table: p.table },
        result: result.value,
        ...first,
      })
    }
  }
  return { state, before, log }
}
