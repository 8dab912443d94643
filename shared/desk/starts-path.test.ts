/*
 * Who starts, along the path the screens take (issue 9): the Rounds screen's proposal
 * (`proposePairing`), the log (`apply`), the printed pairings and slips (shared/reports), the
 * Results screen's lines and the exported `.t` (`p12`). One row per start option the Settings
 * screen offers (shared/rules/rule-fields.ts: fewerFirstsStarts, moreSecondsStarts, whenEqual).
 */
import { describe, expect, test } from 'vitest'
import { exportTDivision } from '../formats/t-export'
import { parseTFile, serializeTFile } from '../formats/t-file'
import { pairingsByTable } from '../reports/pairings'
import { resultSlips } from '../reports/slips'
import type { PlayerId } from '../results/game-result'
import { PRESETS } from '../rules/presets'
import type { PresetId, RuleSet, StartRules } from '../rules/rule-set'
import { startTallies, type StartsHistoryEntry } from '../starts/starts'
import { apply } from '../tournament/apply'
import type { Command, PairingSpec } from '../tournament/commands'
import { starterOf } from '../tournament/lookup'
import { applyAll, ID } from '../tournament/test-support/event'
import type { Division, GamePairing, PlanStep, TournamentState } from '../tournament/types'
import { describeUnknownStarts, proposePairing } from './pair-next'
import { parseResultLine, resultCommandFor, unknownStarts } from './result-line'

const NAMES = ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Fay', 'Gus', 'Hal'] as const
const ROUNDS = 4

function setup(rules: RuleSet, players: number, plan?: readonly PlanStep[]): Command[] {
  return [
    {
      type: 'createTournament',
      info: {
        name: 'Starts Open',
        venue: 'Hall',
        startDate: '2026-03-14',
        endDate: '2026-03-14',
        rounds: ROUNDS,
      },
      rules,
    },
    { type: 'addDivision', name: 'A' },
    ...NAMES.slice(0, players).map((name, i): Command => ({
      type: 'registerPlayer',
      division: 'A',
      player: { name, rating: 2000 - i * 50, memberId: '', club: '' },
    })),
    ...(plan === undefined ? [] : [{ type: 'setPairingPlan', division: 'A', plan } as const]),
  ]
}

function must(state: TournamentState, command: Command): TournamentState {
  const next = apply(state, command, ID)
  if (!next.ok) throw new Error(`${command.type}: ${next.error.code} ${next.error.message}`)
  return next.value
}

const divisionOf = (state: TournamentState): Division => {
  const found = state.divisions[0]
  if (found === undefined) throw new Error('no division')
  return found
}

/** Firsts and seconds as the log knows them before `round`. */
function talliesBefore(division: Division, round: number) {
  const history: StartsHistoryEntry[] = []
  for (const r of division.rounds.slice(0, round - 1)) {
    for (const recorded of r.results) {
      if (recorded !== null) history.push({ round: r.number, ...recorded })
    }
  }
  return startTallies(history)
}

/**
 * The desk's way through `ROUNDS` rounds: pair from the Rounds screen, then type each slip as
 * `table score score`, adding a `*` after the starter's score only where the players drew for it
 * (the tiles are simulated: the lower-numbered player draws nearer to A on odd tables).
 */
function runEvent(rules: RuleSet, players: number, plan?: readonly PlanStep[]) {
  const commands = setup(rules, players, plan)
  let state = applyAll(commands)
  const proposals: PairingSpec[][] = []
  for (let round = 1; round <= ROUNDS; round++) {
    const proposal = proposePairing(state, 'A', round, { seed: 1000 + round })
    if (!proposal.ok) throw new Error(`round ${round}: ${proposal.error.code}`)
    expect(proposal.value.unknownStarts).toEqual([])
    proposals.push([...proposal.value.command.pairings])
    commands.push(proposal.value.command)
    state = must(state, proposal.value.command)
    const stored = divisionOf(state).rounds[round - 1]
    if (stored === undefined) throw new Error('round not stored')
    for (const pairing of stored.pairings) {
      if (pairing.kind !== 'game') continue
      const [a, b] = pairing.players
      const drawn = starterOf(pairing.start) === null
      const winnerFirst = (pairing.table + round) % 2 === 0
      const tileWinner = pairing.table % 2 === 1 ? Math.min(a, b) : Math.max(a, b)
      const mark = (player: PlayerId): string => (drawn && tileWinner === player ? '*' : '')
      const scores = winnerFirst ? [420, 380] : [370, 410]
      const line = `${pairing.table} ${scores[0]}${mark(a)} ${scores[1]}${mark(b)}`
      const entry = parseResultLine(line, { state, division: 'A', round })
      if (!entry.ok) throw new Error(`${line}: ${entry.error.code}`)
      const command = resultCommandFor(state, 'A', round, entry.value)
      commands.push(command)
      state = must(state, command)
    }
  }
  return { commands, state, proposals }
}

/** The command as an older Rackside logged it: games without their start. */
function withoutStarts(command: Command): Command {
  if (command.type !== 'pairRound') return command
  const pairings = command.pairings.map((spec): PairingSpec => {
    if (spec.kind !== 'game') return spec
    return {
      kind: 'game',
      table: spec.table,
      players: spec.players,
      ...(spec.locked === undefined ? {} : { locked: spec.locked }),
      ...(spec.reason === undefined ? {} : { reason: spec.reason }),
    }
  })
  return { ...command, pairings }
}

type Expect = 'always-named' | 'drawn-when-equal' | 'drawn-always'

const variant = (preset: PresetId, starts: Partial<StartRules>): RuleSet => ({
  ...PRESETS[preset],
  starts: { ...PRESETS[preset].starts, ...starts },
})

const ROWS: readonly {
  name: string
  rules: RuleSet
  players: number
  printed: Expect
  /** Reasons some table of the event must show, so the row exercises its rule. */
  seen?: readonly string[]
}[] = [
  {
    name: 'MSA 1.2-1.3 (preset): fewer firsts starts, the program draws when equal',
    rules: PRESETS.msa,
    players: 8,
    printed: 'always-named',
    seen: ['fewer-firsts', 'program-draw'],
  },
  {
    name: 'MSA 1.4 chosen in Settings: fewer firsts starts, players draw tiles when equal',
    rules: variant('msa', { whenEqual: 'draw-tiles' }),
    players: 8,
    printed: 'drawn-when-equal',
  },
  {
    name: 'MSA guide (preset): the starter is announced with the pairings at every table',
    rules: PRESETS['msa-guide'],
    players: 8,
    printed: 'always-named',
  },
  {
    name: 'WSC 1.2-1.3 (preset), odd field: a bye is neither a first nor a second',
    rules: PRESETS.wsc2003,
    players: 7,
    printed: 'always-named',
  },
  // Five players: the pairing's start-balance tier pairs a player due to start with one due to
  // reply whenever it can, so equal firsts with unequal seconds (II.F.2) needs a field this small.
  {
    name: 'NSA II.F.1-2 (preset), odd field: fewer firsts, then more seconds, then tiles',
    rules: PRESETS.nsa1995,
    players: 5,
    printed: 'drawn-when-equal',
    seen: ['fewer-firsts', 'more-seconds', 'draw-tiles'],
  },
  {
    name: 'NSA II.F.2 with the program deciding when firsts and seconds are equal',
    rules: variant('nsa1995', { whenEqual: 'program-draw' }),
    players: 5,
    printed: 'always-named',
    seen: ['fewer-firsts', 'more-seconds', 'program-draw'],
  },
  {
    name: 'Settings: fewer firsts off, players draw tiles at every table',
    rules: variant('nsa1995', { fewerFirstsStarts: false, whenEqual: 'draw-tiles' }),
    players: 8,
    printed: 'drawn-always',
  },
  {
    name: 'Settings: fewer firsts off, the program draws at every table',
    rules: variant('msa', { fewerFirstsStarts: false, whenEqual: 'program-draw' }),
    players: 8,
    printed: 'always-named',
  },
]

describe('every start option pairs, prints and exports (proposePairing → apply → report → .t)', () => {
  test.each(ROWS)('$name', ({ rules, players, printed, seen }) => {
    const { state, proposals } = runEvent(rules, players)
    const division = divisionOf(state)
    let drawnTables = 0
    const reasons = new Set<string>()
    division.rounds.forEach((round, r) => {
      const before = talliesBefore(division, round.number)
      const games = round.pairings.filter((p): p is GamePairing => p.kind === 'game')
      // One decision: what the director reviewed is what was stored.
      const proposed = proposals[r]?.filter((s) => s.kind === 'game') ?? []
      expect(games.map((g) => ({ table: g.table, players: g.players, start: g.start }))).toEqual(
        proposed.map((s) =>
          s.kind === 'game' ? { table: s.table, players: s.players, start: s.start } : null,
        ),
      )
      const byTable = pairingsByTable(state, 'A', round.number)
      const slips = resultSlips(state, 'A', round.number)
      if (!byTable.ok || !slips.ok) throw new Error('report refused')
      for (const game of games) {
        const [a, b] = game.players
        const ta = before.get(a) ?? { firsts: 0, seconds: 0 }
        const tb = before.get(b) ?? { firsts: 0, seconds: 0 }
        const starter = starterOf(game.start)
        if (rules.starts.fewerFirstsStarts && ta.firsts !== tb.firsts) {
          // MSA 1.3, WSC 1.3, NSA II.F.1: the player with fewer firsts starts.
          expect(starter).toBe(ta.firsts < tb.firsts ? a : b)
        } else if (
          rules.starts.fewerFirstsStarts &&
          rules.starts.moreSecondsStarts &&
          ta.seconds !== tb.seconds
        ) {
          // NSA II.F.2: firsts equal, more seconds starts.
          expect(starter).toBe(ta.seconds > tb.seconds ? a : b)
        } else if (rules.starts.whenEqual === 'program-draw') {
          expect(game.start).toMatchObject({ kind: 'rule', reason: { kind: 'program-draw' } })
          expect(game.players).toContain(starter)
        } else {
          expect(game.start).toMatchObject({ kind: 'rule', starter: null })
        }
        if (starter === null) drawnTables++
        if (game.start.kind === 'rule') reasons.add(game.start.reason.kind)
        // The printed pairings and the slip say the same.
        const row = byTable.value.rows.find((x) => x.kind === 'game' && x.table === game.table)
        const slip = slips.value.slips.find((x) => x.table === game.table)
        const mark =
          starter === null ? { kind: 'draw' } : { kind: 'player', seat: starter === a ? 0 : 1 }
        expect(row).toMatchObject({ start: mark })
        expect(slip).toMatchObject({ start: mark })
      }
    })
    for (const reason of seen ?? []) expect(reasons).toContain(reason)
    switch (printed) {
      case 'always-named':
        expect(drawnTables).toBe(0)
        break
      case 'drawn-when-equal':
        expect(drawnTables).toBeGreaterThan(0)
        break
      case 'drawn-always':
        expect(drawnTables).toBe(division.rounds.length * Math.floor(players / 2))
        break
    }
    // Every start is known after the last round: printed, or typed with a * where drawn.
    expect(unknownStarts(state, 'A', 1, ROUNDS)).toEqual([])
    // The exported .t: p12 1 or 2 for every played game, 0 for a bye.
    const file = exportTDivision(state, 'A')
    if (!file.ok) throw new Error(file.error.code)
    const read = parseTFile(serializeTFile(file.value))
    if (!read.ok) throw new Error(read.error.message)
    for (const line of read.value.players) {
      const p12 = line.tags.find((t) => t.name === 'p12')?.values ?? []
      expect(p12).toHaveLength(ROUNDS)
      line.opponents.forEach((opponent, k) => {
        if (opponent === 0) expect(p12[k]).toBe('0')
        else expect(['1', '2']).toContain(p12[k])
      })
    }
  })
})

describe('the same log gives the same starters (design.md: randomness enters as a recorded seed)', () => {
  test('MSA 1.2: folding the log again, or proposing again with the seed, gives the same starts', () => {
    const { commands, state } = runEvent(PRESETS.msa, 8)
    expect(applyAll(commands)).toEqual(state)
    const before = applyAll(
      commands.slice(
        0,
        commands.findLastIndex((c) => c.type === 'pairRound'),
      ),
    )
    const again = proposePairing(before, 'A', ROUNDS, { seed: 1000 + ROUNDS })
    const logged = commands.findLast((c) => c.type === 'pairRound')
    expect(again.ok && again.value.command).toEqual(logged)
  })

  test('MSA 1.2: one seed per table, so the draw does not name the same side at every table', () => {
    const { state } = runEvent(PRESETS.msa, 8)
    const round1 = divisionOf(state).rounds[0]?.pairings ?? []
    const lower = round1.filter(
      (p) => p.kind === 'game' && starterOf(p.start) === Math.min(...p.players),
    )
    expect(lower.length).toBeGreaterThan(0)
    expect(lower.length).toBeLessThan(round1.length)
  })

  test.each([
    { preset: 'nsa1995' as const, players: 7 },
    { preset: 'msa' as const, players: 8 },
  ])(
    'an old log whose pairRound has no starts folds to the same starters ($preset: apply decides alike)',
    ({ preset, players }) => {
      const { commands, state } = runEvent(PRESETS[preset], players)
      expect(applyAll(commands.map(withoutStarts))).toEqual(state)
    },
  )

  test('round robin: the preset’s rules set the starts, not the schedule (MSA 1.2-1.3; issue 18)', () => {
    const plan: PlanStep[] = [
      { fromRound: 1, system: 'round-robin', basedOn: 'previous', maxRepeats: 0 },
    ]
    const { state } = runEvent(PRESETS.msa, 5, plan)
    for (const round of divisionOf(state).rounds) {
      for (const p of round.pairings) {
        if (p.kind === 'game') expect(p.start.kind).toBe('rule')
      }
    }
  })
})

describe('manual changes keep one decision', () => {
  test('MSA 1.2: a swap on a program-draw round is decided again from the recorded seed', () => {
    const commands = setup(PRESETS.msa, 8)
    let state = applyAll(commands)
    const proposal = proposePairing(state, 'A', 1, { seed: 7 })
    if (!proposal.ok) throw new Error(proposal.error.code)
    state = must(state, proposal.value.command)
    const [first, second] = divisionOf(state).rounds[0]?.pairings ?? []
    if (first?.kind !== 'game' || second?.kind !== 'game') throw new Error('two games expected')
    const swap: Command = {
      type: 'editPairing',
      division: 'A',
      round: 1,
      table: first.table,
      change: { kind: 'swap', player: first.players[0], with: second.players[0] },
    }
    const swapped = must(state, swap)
    for (const p of divisionOf(swapped).rounds[0]?.pairings ?? []) {
      if (p.kind !== 'game') continue
      expect(starterOf(p.start)).not.toBeNull()
      expect(p.players).toContain(starterOf(p.start))
    }
    // Same log, same starters.
    expect(must(state, swap)).toEqual(swapped)
  })

  test('pairing again keeps the director’s starter on a locked table', () => {
    let state = applyAll(setup(PRESETS.nsa1995, 8))
    const proposal = proposePairing(state, 'A', 1, { seed: 3 })
    if (!proposal.ok) throw new Error(proposal.error.code)
    state = must(state, proposal.value.command)
    const table = divisionOf(state).rounds[0]?.pairings[0]
    if (table?.kind !== 'game') throw new Error('a game expected')
    const [, second] = table.players
    state = must(state, {
      type: 'overrideStarter',
      division: 'A',
      round: 1,
      table: table.table,
      starter: second,
    })
    state = must(state, {
      type: 'editPairing',
      division: 'A',
      round: 1,
      table: table.table,
      change: { kind: 'lock', locked: true },
    })
    const again = proposePairing(state, 'A', 1, { seed: 4 })
    if (!again.ok) throw new Error(again.error.code)
    const kept = again.value.command.pairings.find(
      (s) => s.kind === 'game' && s.table === table.table,
    )
    expect(kept).toMatchObject({ start: { kind: 'director', starter: second } })
  })

  test('NSA II.F.1: pairing the next round says which starts are unknown', () => {
    let state = applyAll(setup(PRESETS.nsa1995, 8))
    const proposal = proposePairing(state, 'A', 1, { seed: 5 })
    if (!proposal.ok) throw new Error(proposal.error.code)
    state = must(state, proposal.value.command)
    for (const p of divisionOf(state).rounds[0]?.pairings ?? []) {
      if (p.kind !== 'game') continue
      const entry = parseResultLine(`${p.table} 400 350`, { state, division: 'A', round: 1 })
      if (!entry.ok) throw new Error(entry.error.code)
      state = must(state, resultCommandFor(state, 'A', 1, entry.value))
    }
    const next = proposePairing(state, 'A', 2, { seed: 6 })
    if (!next.ok) throw new Error(next.error.code)
    expect(next.value.unknownStarts.map((u) => u.table)).toEqual([1, 2, 3, 4])
    expect(describeUnknownStarts(state, 'A', next.value.unknownStarts)).toMatch(
      /^4 starts unknown: round 1 table 1 \(\w+ v \w+\), .*table 4 \(\w+ v \w+\)\. Record/,
    )
    // A long list is cut after eight tables and says how many more.
    const many = Array.from({ length: 11 }, (_, i) => ({
      round: 1,
      table: i + 1,
      players: [1, 2] as const,
    }))
    expect(describeUnknownStarts(state, 'A', many)).toMatch(
      /^11 starts unknown: round 1 table 1 \(Ann v Bob\), .*table 8 \(Ann v Bob\) and 3 more\./,
    )
    expect(describeUnknownStarts(state, 'A', [])).toBeNull()
  })
})
