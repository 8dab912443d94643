/**
 * Random events with every kind of result the engine knows, for the `.t` round-trip property
 * (t-roundtrip.test.ts, and 10,000 of them in t-roundtrip.bench.ts): played games and ties, byes
 * and forfeits at any spread including 0 and below, double forfeits, walk-outs, unplayed games,
 * results still missing, late entries, corrections, penalties and withdrawals.
 */
import { seededRng, shuffled, type Rng } from '../../random'
import type { GameResult, PlayerId } from '../../results/game-result'
import { rulesFromPreset } from '../../rules/presets'
import type { PresetId, RuleSet } from '../../rules/rule-set'
import { apply } from '../../tournament/apply'
import type { Command, PairingSpec } from '../../tournament/commands'
import type { TournamentState } from '../../tournament/types'
import { standingsByRoundFromTFile } from '../../standings/from-t-file'
import { standingsAsOf } from '../../tournament/views'
import { exportTDivision } from '../t-export'
import { readTFile, serializeTFile } from '../t-file'
import { importTDivision } from '../t-import'
import { exportTshFiles, TSH_CONFIG_NAME } from '../tsh-export'
import { importTshFiles } from '../tsh-import'

const PRESETS: readonly PresetId[] = ['nsa1995', 'neon', 'msa', 'wsc2003']
const SPREADS = [0, 50, 100, 75] as const

const pick = <T>(items: readonly T[], rng: Rng): T => items[rng.int(items.length)] as T

/**
 * A preset with every results setting that can change standings drawn at random (the Settings
 * screen's results section): bye and forfeit spreads, rated forfeits, a spread cap, and how a late
 * entry's missed rounds count.
 */
function randomRules(rng: Rng): RuleSet {
  const base = rulesFromPreset(pick(PRESETS, rng))
  return {
    ...base,
    results: {
      ...base.results,
      byeSpread: pick([50, 100, 0], rng),
      forfeitSpread: pick([50, 100, 75], rng),
      forfeitRated: rng.int(2) === 0,
      byeRated: rng.int(2) === 0,
      spreadCapPerGame: pick([null, null, 350, 200], rng),
      lateEntryMissedRounds: rng.int(2) === 0 ? 'unplayed' : 'forfeit-loss',
    },
  }
}

function randomGame(rng: Rng, a: PlayerId, b: PlayerId, rules: RuleSet): GameResult {
  const roll = rng.int(20)
  if (roll < 10 || roll === 19) {
    const sa = 200 + rng.int(400)
    const sb = roll === 19 ? sa : 200 + rng.int(400)
    return {
      kind: 'played',
      players: [a, b],
      rawScores: [sa, sb],
      overtimeSeconds: [0, 0],
      scores: [sa, sb],
    }
  }
  const [winner, loser] = rng.int(2) === 0 ? [a, b] : [b, a]
  if (roll < 15) {
    return {
      kind: 'forfeit',
      winner,
      loser,
      reason: pick(['no-show', 'late', 'walk-out', 'director'] as const, rng),
      spread: pick(SPREADS, rng),
      rated: rng.int(2) === 0 ? rules.results.forfeitRated : !rules.results.forfeitRated,
    }
  }
  if (roll < 17) return { kind: 'doubleForfeit', players: [a, b], spread: pick(SPREADS, rng) }
  return { kind: 'unplayed', players: [a, b] }
}

export interface RandomEvent {
  readonly commands: readonly Command[]
  readonly state: TournamentState
}

/** One event, the same for the same seed; every command is applied as it is made. */
export function randomEvent(seed: number): RandomEvent {
  const rng = seededRng(seed)
  const rules = randomRules(rng)
  const rounds = 1 + rng.int(6)
  const players = 2 + rng.int(11)
  const commands: Command[] = []
  let state: TournamentState | undefined
  const run = (command: Command): boolean => {
    const next = apply(state, command, 'random')
    if (!next.ok) return false
    state = next.value
    commands.push(command)
    return true
  }
  const must = (command: Command): void => {
    if (!run(command)) {
      const next = apply(state, command, 'random')
      throw new Error(
        `seed ${String(seed)}: ${command.type} refused: ${next.ok ? '' : next.error.message}`,
      )
    }
  }
  must({
    type: 'createTournament',
    info: { name: 'Random', venue: '', startDate: '2026-01-10', endDate: '2026-01-10', rounds },
    rules,
  })
  must({ type: 'addDivision', name: 'A' })
  const firstRound = new Map<PlayerId, number>()
  for (let i = 1; i <= players; i += 1) {
    const late = i > 2 && rounds > 1 && rng.int(5) === 0 ? 2 + rng.int(rounds - 1) : 1
    firstRound.set(i, late)
    const rating = rng.int(6) === 0 ? 0 : 800 + rng.int(1400)
    must({
      type: 'registerPlayer',
      division: 'A',
      player: { name: `Player ${String.fromCharCode(64 + i)}`, rating, memberId: '', club: '' },
      ...(late > 1 ? { firstRound: late } : {}),
    })
  }
  const withdrawn = new Set<PlayerId>()
  for (let round = 1; round <= rounds; round += 1) {
    for (let id = 1; id <= players; id += 1) {
      if (round > 1 && !withdrawn.has(id) && rng.int(15) === 0) {
        if (run({ type: 'withdrawPlayer', division: 'A', player: id, fromRound: round }))
          withdrawn.add(id)
      }
    }
    const eligible = shuffled(
      Array.from({ length: players }, (_, i) => i + 1).filter(
        (id) => !withdrawn.has(id) && (firstRound.get(id) ?? 1) <= round,
      ),
      rng,
    )
    // Some players are left out of the round (not paired at all).
    const seated = eligible.filter(() => rng.int(8) !== 0)
    const pairings: PairingSpec[] = []
    let table = 0
    for (let i = 0; i + 1 < seated.length; i += 2) {
      table += 1
      pairings.push({
        kind: 'game',
        table,
        players: [seated[i] as number, seated[i + 1] as number],
      })
    }
    const byes = seated.length % 2 === 1 ? [seated[seated.length - 1] as number] : []
    for (const player of byes) pairings.push({ kind: 'bye', player })
    if (pairings.length === 0) break
    must({ type: 'pairRound', division: 'A', round, pairings, system: 'random' })
    const last = round === rounds
    for (const p of pairings) {
      // A game whose result is missing, with later rounds scored.
      if (p.kind === 'game' && rng.int(12) === 0) continue
      if (p.kind === 'bye') {
        // Pairing gives the bye at the preset's spread; the director may correct it.
        const roll = rng.int(6)
        if (roll > 2) continue
        const result: GameResult =
          roll === 0
            ? { kind: 'unplayed', players: [p.player] }
            : { kind: 'bye', player: p.player, spread: pick([0, -50, 25, 100], rng) }
        must({ type: 'correctResult', division: 'A', round, game: { players: [p.player] }, result })
        continue
      }
      const [a, b] = p.players
      const result = randomGame(rng, a, b, rules)
      const first = result.kind === 'played' && rng.int(3) > 0 ? { first: pick([a, b], rng) } : {}
      must({
        type: 'recordResult',
        division: 'A',
        round,
        game: { table: p.table },
        result,
        ...first,
      })
      if (rng.int(8) === 0) {
        run({
          type: 'correctResult',
          division: 'A',
          round,
          game: { table: p.table },
          result: randomGame(rng, a, b, rules),
        })
      }
    }
    if (rng.int(4) === 0 && eligible.length > 0) {
      run({
        type: 'assignPenalty',
        division: 'A',
        player: pick(eligible, rng),
        round,
        points: 1 + rng.int(30),
        reason: 'random',
      })
    }
    if (last) break
  }
  if (state === undefined) throw new Error('no state')
  return { commands, state }
}

/** The kinds of result and event a state holds, in words, to show the generator covers them. */
export function resultKinds(state: TournamentState): ReadonlySet<string> {
  const kinds = new Set<string>()
  for (const division of state.divisions) {
    for (const round of division.rounds) {
      round.results.forEach((recorded, index) => {
        const pairing = round.pairings[index]
        if (recorded === null) {
          if (pairing?.kind === 'game') kinds.add('missing result')
          return
        }
        const r = recorded.result
        switch (r.kind) {
          case 'played':
            kinds.add(r.scores[0] === r.scores[1] ? 'tie' : 'played')
            return
          case 'bye':
            kinds.add(r.spread > 0 ? 'bye' : 'bye at 0 or below')
            return
          case 'forfeit':
            kinds.add(r.spread === 0 ? 'forfeit at 0' : r.rated ? 'rated forfeit' : 'forfeit')
            return
          case 'doubleForfeit':
            kinds.add(r.spread === 0 ? 'double forfeit at 0' : 'double forfeit')
            return
          case 'unplayed':
            kinds.add('unplayed')
            return
        }
      })
    }
    for (const player of division.players) {
      if (player.firstRound > 1) {
        kinds.add(
          player.missedRounds.kind === 'forfeit-loss'
            ? 'late entry, missed rounds lost'
            : 'late entry, missed rounds unplayed',
        )
      }
      if (player.status.kind === 'withdrawn') kinds.add('withdrawn')
    }
    if (division.penalties.length > 0) kinds.add('penalty')
  }
  return kinds
}

/**
 * The event through a `.t` file and back: export, write, read, import, fold. Null when every
 * round's standings agree, else what differs first.
 */
export function roundTripDifference(event: RandomEvent): string | null {
  const { state } = event
  const exported = exportTDivision(state, 'A')
  if (!exported.ok) return `export refused: ${exported.error.message}`
  const text = serializeTFile(exported.value)
  const read = readTFile(text)
  const problem = read.problems.find((p) => p.severity === 'error')
  if (problem !== undefined)
    return `read refused line ${String(problem.line)}: ${problem.message}\n${text}`
  const imported = importTDivision(read.file, {
    division: 'A',
    rules: state.rules,
    rounds: state.info.rounds,
  })
  if (!imported.ok) return `import refused: ${imported.error.message}\n${text}`
  let back: TournamentState | undefined
  for (const command of [
    { type: 'createTournament', info: state.info, rules: state.rules } as const,
    { type: 'addDivision', name: 'A' } as const,
    ...imported.value.commands,
  ]) {
    const next = apply(back, command, 'back')
    if (!next.ok) return `import does not apply (${command.type}): ${next.error.message}\n${text}`
    back = next.value
  }
  if (back === undefined) return 'nothing imported'
  const rounds = state.divisions[0]?.rounds.length ?? 0
  for (let round = 1; round <= rounds; round += 1) {
    const before = standingsAsOf(state, 'A', round)
    const after = standingsAsOf(back, 'A', round)
    const a = JSON.stringify(before.ok ? before.value : before.error)
    const b = JSON.stringify(after.ok ? after.value : after.error)
    if (a !== b) return `round ${String(round)} standings differ\n${a}\n${b}\n${text}`
  }
  return null
}

/** Every round's standings of division A in both states: null when they agree. */
function standingsDifference(
  state: TournamentState,
  back: TournamentState,
  text: string,
): string | null {
  const rounds = state.divisions[0]?.rounds.length ?? 0
  for (let round = 1; round <= rounds; round += 1) {
    const before = standingsAsOf(state, 'A', round)
    const after = standingsAsOf(back, 'A', round)
    const a = JSON.stringify(before.ok ? before.value : before.error)
    const b = JSON.stringify(after.ok ? after.value : after.error)
    if (a !== b) return `round ${String(round)} standings differ\n${a}\n${b}\n${text}`
  }
  return null
}

/**
 * The event through tsh's files and back as a director moves it (issue 28): exported with
 * `exportTshFiles` as a `.tsh` archive, or as the `.t` with its config.tsh, then imported with
 * `importTshFiles` and no choice of the director's (so the NSA preset, whatever the event's), and
 * folded. Null when every round's standings agree, else what differs first.
 */
export function tshFilesRoundTripDifference(
  event: RandomEvent,
  form: 'tsh' | 't with config.tsh',
): string | null {
  const { state } = event
  const exported = exportTshFiles(state, {})
  if (!exported.ok) return `export refused: ${exported.error.message}`
  const config = exported.value.files.find((f) => f.name === TSH_CONFIG_NAME)
  const division = exported.value.files.find((f) => f.division === 'A')
  if (config === undefined || division === undefined) return 'export without config.tsh or a.t'
  const text = form === 'tsh' ? exported.value.archive.text : `${config.text}\n${division.text}`
  const imported = importTshFiles(
    form === 'tsh'
      ? { kind: 'tsh', archive: { name: 'event.tsh', text } }
      : {
          kind: 't',
          file: { name: division.name, text: division.text },
          config: { name: TSH_CONFIG_NAME, text: config.text },
        },
    {},
    state.info.startDate,
  )
  if (!imported.ok) return `import refused: ${imported.error.message}\n${text}`
  let back: TournamentState | undefined
  for (const command of imported.value.commands) {
    const next = apply(back, command, 'back')
    if (!next.ok) return `import does not apply (${command.type}): ${next.error.message}\n${text}`
    back = next.value
  }
  if (back === undefined) return 'nothing imported'
  return standingsDifference(state, back, text)
}

/**
 * How tsh itself would rank the exported file (shared/standings/from-t-file.ts reads it as tsh
 * does) against Rackside's standings: null when every player Rackside ranks has the same wins,
 * losses and spread in tsh's reading after every round both have, else what differs first.
 */
export function tshReadingDifference(event: RandomEvent): string | null {
  // A lone .t has no spread cap (tsh's spread_cap lives in config.tsh, which the tsh-files trip
  // carries): tsh reads it uncapped, so it is compared with the standings uncapped.
  const state: TournamentState = {
    ...event.state,
    rules: {
      ...event.state.rules,
      results: { ...event.state.rules.results, spreadCapPerGame: null },
    },
  }
  const exported = exportTDivision(state, 'A')
  if (!exported.ok) return exported.error.message
  const byRound = standingsByRoundFromTFile(exported.value)
  if (!byRound.ok) return `tsh reading refused: ${byRound.error.message}`
  for (const [round, rows] of byRound.value) {
    const ours = standingsAsOf(state, 'A', round)
    if (!ours.ok) return ours.error.message
    const theirs = new Map(rows.map((r) => [r.player, r]))
    for (const row of ours.value) {
      const t = theirs.get(row.player)
      if (t === undefined) continue
      if (t.wins !== row.wins || t.losses !== row.losses || t.spread !== row.spread) {
        return `round ${String(round)}, #${String(row.player)}: Rackside ${String(row.wins)}-${String(row.losses)} ${String(row.spread)}, tsh ${String(t.wins)}-${String(t.losses)} ${String(t.spread)}\n${serializeTFile(exported.value)}`
      }
    }
  }
  return null
}
