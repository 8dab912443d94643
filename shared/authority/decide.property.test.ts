/**
 * The authority's decisions on random events (issue 21): desks that propose on stale heads, in
 * any interleaving, re-send after a crash, and an authority that restarts from its log.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { resultCommandFor } from '../desk/result-line'
import { checkLog } from '../formats/tournament-file'
import { playedResult, type GameResult, type PlayerId } from '../results/game-result'
import { rulesFromPreset } from '../rules/presets'
import { apply, fold } from '../tournament/apply'
import {
  isLogControl,
  type Command,
  type GameRef,
  type LoggedCommand,
  type PairingSpec,
} from '../tournament/commands'
import { stableJson, undoneBy } from '../tournament/log'
import { divisionNamed, pairingPlayers } from '../tournament/lookup'
import { DEFAULT_CONTENTION, EMPTY_DO_NOT_PAIR } from '../tournament/pairing-rules'
import { playerKeys } from '../tournament/players'
import { EMPTY_PRIZE_TABLE } from '../tournament/prizes'
import { generateLog } from '../tournament/test-support/generate-log'
import type { Division, GamePairing, Pairing, Player, TournamentState } from '../tournament/types'
import { pendingThatApply } from '../venue/pending'
import type { OutboxProposal } from '../venue/protocol'
import { decide, recover, type AuthorityState } from './decide'
import {
  headOfLog,
  type Decision,
  type DeskIdentity,
  type DeskRole,
  type Proposal,
} from './proposal'
import { mayPropose } from './roles'

const ID = 't-prop'
const NOW = '2026-03-14T11:00:00.000Z'
const DESKS: readonly DeskIdentity[] = [
  { id: 'desk-a', role: 'desk' },
  { id: 'desk-b', role: 'desk' },
  { id: 'director', role: 'director' },
]

type ResultCommand = Extract<Command, { readonly type: 'recordResult' }>

/**
 * A generated event cut after its last pairing: the authority's log so far, and the last round's
 * results still to be proposed.
 */
function event(players: number, rounds: number, seed: number) {
  const log = generateLog({ players, rounds, seed, starts: 'given' })
  const lastPairing = log.findLastIndex((entry) => entry.command.type === 'pairRound')
  const base = log.slice(0, lastPairing + 1)
  const results = log
    .slice(lastPairing + 1)
    .map((entry) => entry.command)
    .filter((command): command is ResultCommand => command.type === 'recordResult')
  const recovered = recover(ID, base)
  if (!recovered.ok) throw new Error(recovered.error.message)
  return { authority: recovered.value, results }
}

/** The same game with the scores the other way round: a clash another desk typed. */
function clash(command: ResultCommand): ResultCommand {
  const result: GameResult = command.result
  if (result.kind !== 'played') return command
  const [a, b] = result.scores
  return { ...command, result: { ...result, scores: [b, a], rawScores: [b, a] } }
}

/** The head of the log as it stood at `length` commands: what a desk that read it then holds. */
const headAt = (log: readonly LoggedCommand[], length: number) =>
  headOfLog(log.slice(0, Math.min(length, log.length)))

interface Sent {
  readonly proposal: Proposal
  readonly decision: Decision
}

const eventArb = fc.record({
  players: fc.integer({ min: 4, max: 12 }),
  rounds: fc.integer({ min: 1, max: 3 }),
  seed: fc.integer({ min: 1, max: 10_000 }),
})

describe('the authority on random events (issue 21)', () => {
  test('property (a): any interleaving of commuting proposals from two desks on stale heads folds, each accepted proposal once and each game one result', () => {
    fc.assert(
      fc.property(
        eventArb,
        fc.array(fc.boolean(), { maxLength: 60 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        fc.array(fc.boolean(), { maxLength: 30 }),
        ({ players, rounds, seed }, order, refresh, clashes) => {
          const start = event(players, rounds, seed)
          // Desk A types every table; desk B types each table too when `clashes` says so.
          const queues = [
            start.results.map((command, i) => ({ id: `a-${i}`, command })),
            start.results.flatMap((command, i) =>
              clashes[i] === true ? [{ id: `b-${i}`, command: clash(command) }] : [],
            ),
          ] as const
          const seen = [start.authority.log.length, start.authority.log.length]
          const next = [0, 0]
          let authority = start.authority
          const sent: Sent[] = []
          for (
            let step = 0;
            (next[0] ?? 0) + (next[1] ?? 0) < queues[0].length + queues[1].length;
            step++
          ) {
            const wanted = order[step % Math.max(order.length, 1)] === true ? 1 : 0
            const desk = (next[wanted] ?? 0) < queues[wanted].length ? wanted : 1 - wanted
            const item = queues[desk]?.[next[desk] ?? 0]
            if (item === undefined) break
            next[desk] = (next[desk] ?? 0) + 1
            // A desk catches up with the log only now and then: most proposals are stale.
            if (refresh[step % Math.max(refresh.length, 1)] === true)
              seen[desk] = authority.log.length
            const proposal: Proposal = {
              proposalId: item.id,
              desk: DESKS[desk] as DeskIdentity,
              builtOn: headAt(authority.log, seen[desk] ?? 0),
              command: item.command,
            }
            const decided = decide(authority, proposal, NOW)
            authority = decided.next
            sent.push({ proposal, decision: decided.decision })
          }

          expect(checkLog(ID, authority.log).ok).toBe(true)
          for (const { proposal, decision } of sent) {
            // Only the rules refuse a commuting command (a clash on a table already entered).
            if (decision.kind === 'refused') expect(decision.error.code).toBe('result.exists')
            const carrying = authority.log.filter((e) => e.proposal === proposal.proposalId)
            expect(carrying).toHaveLength(decision.kind === 'accepted' ? 1 : 0)
          }
          const tables = authority.log
            .filter((e) => e.proposal !== undefined)
            .map((e) => (e.command.type === 'recordResult' ? JSON.stringify(e.command.game) : ''))
          expect(new Set(tables).size).toBe(tables.length)
          expect(tables).toHaveLength(start.results.length)

          // Property (b): the desks re-send everything after a crash: nothing changes.
          for (const { proposal, decision } of [...sent].reverse()) {
            const resent = decide(
              authority,
              { ...proposal, builtOn: headOfLog(authority.log) },
              NOW,
            )
            expect(resent.next).toBe(authority)
            expect(resent.decision).toEqual(decision)
          }
        },
      ),
      { numRuns: 60 },
    )
  })

  /** One desk's action in a random session. */
  const actionArb = fc.oneof(
    fc.record({
      kind: fc.constant('result' as const),
      game: fc.nat(),
      clash: fc.boolean(),
      desk: fc.nat(2),
      lag: fc.nat(4),
    }),
    fc.record({
      kind: fc.constant('undo' as const),
      back: fc.nat(5),
      desk: fc.nat(2),
      lag: fc.nat(1),
    }),
    fc.record({
      kind: fc.constant('redo' as const),
      back: fc.nat(5),
      desk: fc.nat(2),
      lag: fc.nat(1),
    }),
    fc.record({ kind: fc.constant('publish' as const), desk: fc.nat(2), lag: fc.nat(2) }),
    fc.record({ kind: fc.constant('repeat' as const), which: fc.nat() }),
  )

  /** An undo of one of the last few commands, a redo of one of the commands undone. */
  function controlTarget(log: readonly LoggedCommand[], kind: 'undo' | 'redo', back: number) {
    const undone = [...undoneBy(log).keys()]
    const redoable = undone[back % Math.max(undone.length, 1)]
    return kind === 'redo' && redoable !== undefined ? redoable : Math.max(1, log.length - 1 - back)
  }

  test('property (c): recover(log) after any sequence of decisions is the state the authority held', () => {
    fc.assert(
      fc.property(
        eventArb,
        fc.array(actionArb, { minLength: 5, maxLength: 40 }),
        ({ players, rounds, seed }, actions) => {
          const start = event(players, rounds, seed)
          let authority: AuthorityState = start.authority
          const sent: Proposal[] = []
          for (const [index, action] of actions.entries()) {
            const log = authority.log
            let proposal: Proposal | undefined
            if (action.kind === 'repeat') {
              proposal = sent[action.which % Math.max(sent.length, 1)]
            } else {
              const desk = DESKS[action.desk] as DeskIdentity
              const builtOn = headAt(log, log.length - action.lag)
              const round = start.results[0]?.round ?? 1
              const command: Command | undefined =
                action.kind === 'result'
                  ? start.results.map((c) => (action.clash ? clash(c) : c))[
                      action.game % Math.max(start.results.length, 1)
                    ]
                  : action.kind === 'publish'
                    ? { type: 'publishRound', division: 'A', round }
                    : { type: action.kind, seq: controlTarget(log, action.kind, action.back) }
              if (command !== undefined) {
                proposal = { proposalId: `p-${index}`, desk, builtOn, command }
              }
            }
            if (proposal === undefined) continue
            sent.push(proposal)
            authority = decide(authority, proposal, NOW).next
          }
          const recovered = recover(ID, JSON.parse(JSON.stringify(authority.log)) as unknown[])
          expect(recovered.ok).toBe(true)
          if (!recovered.ok) return
          expect(recovered.value.log).toEqual(authority.log)
          expect(recovered.value.state).toEqual(authority.state)
          expect(recovered.value.accepted).toEqual(authority.accepted)
        },
      ),
      { numRuns: 60 },
    )
  })
})

/*
 * Issue 27: three desks, each with its own view (the accepted log as far as it has read it, and
 * its own proposals still pending, shown as shared/venue/pending.ts shows them), typing every
 * command type as the screens build it, going offline and coming back, their proposals decided
 * late by the real `decide`. Each accepted command must mean what its desk meant, or be refused
 * with a reason: never silently retargeted.
 */
describe('every command type from three desks with their own views (issue 27)', () => {
  const KINDS = [
    'createTournament',
    'editTournamentInfo',
    'changeRules',
    'addDivision',
    'registerPlayer',
    'registerPlayer',
    'registerPlayers',
    'editPlayer',
    'withdrawPlayer',
    'reinstatePlayer',
    'checkIn',
    'checkIn',
    'checkIn',
    'cancelCheckIn',
    'setPairingPlan',
    'setContention',
    'setDoNotPair',
    'setPrizes',
    'setTableOffset',
    'setRatingSystem',
    'setPaperSize',
    'pairRound',
    'editPairing',
    'unpairRound',
    'publishRound',
    'startRound',
    'markAbsent',
    'recordArrival',
    'recordResult',
    'recordResult',
    'correctResult',
    'correctResult',
    'correctResult',
    'assignPenalty',
    'issueWarning',
    'overrideStarter',
    'undo',
    'redo',
    'renameDivision',
    'deleteRegistration',
    'movePlayer',
  ] as const
  /** What happens between typing: a desk sends its oldest pending proposal, reads the log, goes offline or back. */
  const LINK = ['deliver', 'deliver', 'deliver', 'sync', 'offline', 'online'] as const
  type Kind = (typeof KINDS)[number] | (typeof LINK)[number]
  const isLink = (kind: Kind): kind is (typeof LINK)[number] =>
    (LINK as readonly string[]).includes(kind)
  const DAY = '2026-03-14'
  const NAMES = ['Cy Young', 'Dee Ng', 'Eve Ash', 'Flo Park'] as const
  const RULES = rulesFromPreset('nsa1995')

  /** Six players registered with keys, round 1 paired at tables 1–3, table 1 entered. */
  const BASE: readonly Command[] = [
    {
      type: 'createTournament',
      info: { name: 'Open', venue: 'Hall', startDate: DAY, endDate: DAY, rounds: 3 },
      rules: RULES,
    },
    { type: 'addDivision', name: 'A' },
    ...['Ann', 'Bo', 'Cat', 'Dan', 'Ed', 'Fay'].map((name): Command => ({
      type: 'registerPlayer',
      division: 'A',
      player: { name, rating: 1500, memberId: '', club: '' },
      key: `base-${name}`,
    })),
    {
      type: 'pairRound',
      division: 'A',
      round: 1,
      pairings: [1, 2, 3].map((t) => ({
        kind: 'game' as const,
        table: t,
        players: [2 * t - 1, 2 * t] as const,
      })),
    },
    {
      type: 'recordResult',
      division: 'A',
      round: 1,
      game: { table: 1 },
      result: playedOrThrow([1, 2], [400, 390]),
    },
  ]

  function playedOrThrow(
    players: readonly [PlayerId, PlayerId],
    scores: readonly [number, number],
  ): GameResult {
    const made = playedResult(players, scores, [0, 0], RULES)
    if (!made.ok) throw new Error(made.error.message)
    return made.value
  }

  /** What the desk meant by a proposal, read off its own view when it typed it. */
  type Intent =
    | { readonly kind: 'player'; readonly key: string }
    | {
        readonly kind: 'game'
        readonly round: number
        readonly seated: readonly string[]
        readonly replaces: GameResult | null
      }
    | { readonly kind: 'register'; readonly keys: readonly string[] }
    | { readonly kind: 'head' }

  interface Pending {
    readonly proposal: Proposal
    readonly intent: Intent
  }

  interface Desk {
    readonly identity: DeskIdentity
    online: boolean
    seen: number
    pending: Pending[]
  }

  interface View {
    readonly log: readonly LoggedCommand[]
    readonly accepted: TournamentState
    readonly shown: readonly OutboxProposal[]
    readonly state: TournamentState
  }

  const outbox = (p: Pending, order: number): OutboxProposal => ({
    _id: p.proposal.proposalId,
    type: 'proposal',
    order,
    builtOn: p.proposal.builtOn,
    command: p.proposal.command,
    madeAt: NOW,
  })

  function run(actions: readonly { desk: number; kind: Kind; pick: number; flag: boolean }[]) {
    const start = recover(ID, logOf3(BASE))
    if (!start.ok) throw new Error(start.error.message)
    let authority = start.value
    const folds = new Map<number, TournamentState>()
    const foldTo = (length: number): TournamentState => {
      const cached = folds.get(length)
      if (cached !== undefined) return cached
      const folded = fold(ID, authority.log.slice(0, length))
      if (!folded.ok || folded.value === undefined) throw new Error('the accepted log folds')
      folds.set(length, folded.value)
      return folded.value
    }
    // A hall's three kinds of proposing desk (issue 27's roles): each types what its screens offer.
    const roles: Readonly<Record<string, DeskRole>> = {
      'desk-a': 'check-in',
      'desk-b': 'results',
      'desk-c': 'director',
    }
    const desks: Desk[] = ['desk-a', 'desk-b', 'desk-c'].map((id) => ({
      identity: { id, role: roles[id] ?? 'desk' },
      online: true,
      seen: authority.log.length,
      pending: [],
    }))
    let made = 0

    function viewOf(desk: Desk): View {
      const log = authority.log.slice(0, desk.seen)
      const accepted = foldTo(desk.seen)
      const shown = pendingThatApply(
        ID,
        { log, state: accepted },
        desk.pending.map(outbox),
        desk.identity.id,
      )
      let state = accepted
      for (const p of shown) {
        if (isLogControl(p.command)) continue
        const next = apply(state, p.command, ID)
        if (!next.ok) throw new Error(`a shown proposal applies: ${next.error.message}`)
        state = next.value
      }
      return { log, accepted, shown, state }
    }

    function link(desk: Desk, kind: (typeof LINK)[number]): void {
      switch (kind) {
        case 'offline':
          desk.online = false
          return
        case 'online':
        case 'sync':
          if (kind === 'online') desk.online = true
          if (desk.online) desk.seen = authority.log.length
          return
        case 'deliver': {
          const first = desk.pending[0]
          if (!desk.online || first === undefined) return
          desk.pending = desk.pending.slice(1)
          // What the desk shows of it, when it has read the whole log: the authority's answer.
          const synced = desk.seen === authority.log.length
          const predicted = synced
            ? pendingThatApply(
                ID,
                { log: authority.log, state: foldTo(desk.seen) },
                [outbox(first, 0)],
                desk.identity.id,
              )[0]
            : undefined
          const before = authority
          const decided = decide(before, first.proposal, NOW)
          authority = decided.next
          const { decision } = decided
          if (synced && !isLogControl(first.proposal.command)) {
            expect(predicted?.command).toEqual(
              decision.kind === 'accepted' ? decision.entry.command : undefined,
            )
          }
          if (decision.kind === 'refused') {
            // Refused with a reason the desk can show.
            expect(decision.error.code).not.toBe('')
            expect(decision.error.message.length).toBeGreaterThan(10)
            return
          }
          checkMeant(before, authority, first, decision.entry)
        }
      }
    }

    for (const action of actions) {
      const desk = desks[action.desk % desks.length] as Desk
      const { kind } = action
      if (isLink(kind)) {
        link(desk, kind)
        continue
      }
      const view = viewOf(desk)
      const built = build(kind, desk, view, action.pick, action.flag, made++)
      if (built === undefined) continue
      // The screens hide what the desk's role may not propose (roles.ts has its own tests).
      if (!mayPropose(desk.identity.role, built.command).ok) continue
      desk.pending.push({
        proposal: {
          proposalId: `${desk.identity.id}-${String(made)}`,
          desk: desk.identity,
          builtOn: headOfLog(view.log),
          command: built.command,
        },
        intent: built.intent,
      })
    }
    expect(checkLog(ID, authority.log).ok).toBe(true)
  }

  function logOf3(commands: readonly Command[]): LoggedCommand[] {
    return commands.map((command, seq) => ({ seq, at: NOW, command }))
  }

  /** The accepted command means what the desk meant. */
  function checkMeant(
    before: AuthorityState,
    after: AuthorityState,
    sent: Pending,
    entry: LoggedCommand,
  ): void {
    const { intent } = sent
    const command = entry.command
    const division = (state: AuthorityState) =>
      state.state === undefined ? undefined : divisionNamed(state.state.divisions, 'A')
    switch (intent.kind) {
      case 'head':
        // Not rebased: accepted only on the head it was built on.
        expect(sent.proposal.builtOn.length).toBe(before.log.length)
        return
      case 'register':
        for (const key of intent.keys) {
          expect(division(after)?.players.some((p) => p.key === key)).toBe(true)
        }
        return
      case 'player': {
        if (!('player' in command) || typeof command.player !== 'number') {
          throw new Error(`${command.type} names one player`)
        }
        // The number it was applied to names the player the desk meant.
        expect(division(after)?.players[command.player - 1]?.key).toBe(intent.key)
        return
      }
      case 'game': {
        if (command.type !== 'recordResult' && command.type !== 'correctResult') {
          throw new Error(`${command.type} is not a result`)
        }
        const round = division(before)?.rounds[intent.round - 1]
        const index = round === undefined ? -1 : findGameIndex(round.pairings, command.game)
        const pairing = round?.pairings[index]
        const seatedKeys = (pairing === undefined ? [] : pairingPlayers(pairing)).map(
          (p) => division(before)?.players[p - 1]?.key,
        )
        // The game it was entered for seats the players the desk saw there.
        expect([...seatedKeys].sort()).toEqual([...intent.seated].sort())
        // A correction replaced the result the desk saw.
        if (command.type === 'correctResult') {
          const stored = round?.results[index]?.result ?? null
          expect(stored === null ? null : stableJson(stored)).toBe(
            intent.replaces === null ? null : stableJson(intent.replaces),
          )
        }
        return
      }
    }
  }

  function findGameIndex(pairings: readonly Pairing[], game: GameRef): number {
    if ('table' in game)
      return pairings.findIndex((p) => p.kind === 'game' && p.table === game.table)
    return -1
  }

  /** The command a desk's screen builds for `kind` on its own view, and what it means by it. */
  function build(
    kind: (typeof KINDS)[number],
    desk: Desk,
    view: View,
    pick: number,
    flag: boolean,
    made: number,
  ): { readonly command: Command; readonly intent: Intent } | undefined {
    const { state } = view
    const division = divisionNamed(state.divisions, 'A')
    if (division === undefined) return undefined
    const players = division.players
    // Most often one of the last players registered: the ones an offline desk may have numbered.
    const player = players[Math.max(0, players.length - 1 - (pick % 4))]
    const latest = division.rounds.at(-1)
    const games = (latest?.pairings ?? []).filter((p): p is GamePairing => p.kind === 'game')
    const game = games[pick % Math.max(games.length, 1)]
    const head = (command: Command) => ({ command, intent: { kind: 'head' } as const })
    const named = (command: Command, who: Player) => ({
      command,
      intent: { kind: 'player', key: who.key } as const,
    })
    const key = `${desk.identity.id}-key-${String(made)}`
    // Desk B is sometimes a copy older than issue 27: its commands name players by number alone.
    const keysOf = (of: Division, ids: readonly PlayerId[]) =>
      desk.identity.id === 'desk-b' && flag ? {} : { keys: playerKeys(of, ids) }
    const fields = (name: string) => ({ name, rating: 1400, memberId: '', club: '' })
    switch (kind) {
      case 'createTournament':
        return head({ type: 'createTournament', info: state.info, rules: state.rules })
      case 'editTournamentInfo':
        return head({ type: 'editTournamentInfo', info: state.info })
      case 'changeRules':
        return head({ type: 'changeRules', rules: state.rules })
      case 'addDivision':
        return head({ type: 'addDivision', name: `D${String(made)}` })
      case 'registerPlayer':
        return {
          command: {
            type: 'registerPlayer',
            division: 'A',
            player: fields(NAMES[pick % NAMES.length] as string),
            key,
          },
          intent: { kind: 'register', keys: [key] },
        }
      case 'registerPlayers':
        return {
          command: {
            type: 'registerPlayers',
            division: 'A',
            players: [
              { player: fields(NAMES[pick % NAMES.length] as string), key },
              { player: fields(`${NAMES[(pick + 1) % NAMES.length] as string}`), key: `${key}-2` },
            ],
          },
          intent: { kind: 'register', keys: [key, `${key}-2`] },
        }
      case 'editPlayer':
        if (player === undefined) return undefined
        return head({
          type: 'editPlayer',
          division: 'A',
          playerId: player.id,
          player: fields(`${player.name}${flag ? '' : ' Jr'}`),
        })
      case 'withdrawPlayer':
        if (player === undefined) return undefined
        return head({
          type: 'withdrawPlayer',
          division: 'A',
          player: player.id,
          fromRound: division.rounds.length + 1,
        })
      case 'reinstatePlayer':
        if (player === undefined) return undefined
        return head({ type: 'reinstatePlayer', division: 'A', player: player.id })
      case 'checkIn':
      case 'cancelCheckIn':
      case 'assignPenalty': {
        if (player === undefined) return undefined
        const keys = keysOf(division, [player.id])
        return named(
          kind === 'assignPenalty'
            ? {
                type: 'assignPenalty',
                division: 'A',
                player: player.id,
                round: 1,
                points: 10,
                reason: 'slow play',
                ...keys,
              }
            : { type: kind, division: 'A', player: player.id, day: DAY, ...keys },
          player,
        )
      }
      case 'setPairingPlan':
        return head({ type: 'setPairingPlan', division: 'A', plan: [] })
      case 'setContention':
        return head({ type: 'setContention', division: 'A', contention: DEFAULT_CONTENTION })
      case 'setDoNotPair':
        return head({ type: 'setDoNotPair', division: 'A', doNotPair: EMPTY_DO_NOT_PAIR })
      case 'setPrizes':
        return head({ type: 'setPrizes', division: 'A', prizes: EMPTY_PRIZE_TABLE })
      case 'setTableOffset':
        return head({ type: 'setTableOffset', division: 'A', offset: flag ? 10 : 0 })
      case 'setRatingSystem':
        return head({ type: 'setRatingSystem', division: 'A', system: null })
      case 'setPaperSize':
        return head({ type: 'setPaperSize', paperSize: flag ? 'Letter' : 'A4' })
      case 'pairRound': {
        const round = division.rounds.length + (flag && latest !== undefined ? 0 : 1)
        const eligible = players
          .filter((p) => p.status.kind === 'active' && p.firstRound <= round)
          .map((p) => p.id)
        if (eligible.length < 2) return undefined
        const pairings: PairingSpec[] = []
        for (let i = 0; i + 1 < eligible.length; i += 2) {
          const pair = [eligible[i], eligible[i + 1]] as [PlayerId, PlayerId]
          pairings.push({ kind: 'game', table: pairings.length + 1, players: pair })
        }
        const odd = eligible.length % 2 === 1 ? eligible.at(-1) : undefined
        if (odd !== undefined) pairings.push({ kind: 'bye', player: odd })
        return head({
          type: 'pairRound',
          division: 'A',
          round,
          pairings,
          ...(round === division.rounds.length ? { replace: true } : {}),
        })
      }
      case 'editPairing':
        if (latest === undefined || game === undefined) return undefined
        return head({
          type: 'editPairing',
          division: 'A',
          round: latest.number,
          table: game.table,
          change: { kind: 'lock', locked: flag },
        })
      case 'unpairRound':
      case 'publishRound':
        if (latest === undefined) return undefined
        return head({ type: kind, division: 'A', round: latest.number })
      case 'startRound':
        if (latest === undefined) return undefined
        return head({
          type: 'startRound',
          division: 'A',
          round: latest.number,
          at: 1_000,
          ...(flag && game !== undefined ? { absent: [game.players[0]] } : {}),
        })
      case 'markAbsent':
        if (latest === undefined || game === undefined) return undefined
        return head({
          type: 'markAbsent',
          division: 'A',
          round: latest.number,
          player: game.players[1],
        })
      case 'recordArrival': {
        const absent = latest?.arrivals.find((a) => a.arrivedAt === null)?.player
        const who = absent === undefined ? undefined : players[absent - 1]
        if (latest === undefined || who === undefined) return undefined
        return named(
          {
            type: 'recordArrival',
            division: 'A',
            round: latest.number,
            player: who.id,
            at: 2_000,
            ...keysOf(division, [who.id]),
          },
          who,
        )
      }
      case 'recordResult':
      case 'correctResult': {
        if (latest === undefined) return undefined
        // The screens' own builder: a correction when the game has a result.
        const open = games.filter((g) => {
          const index = latest.pairings.indexOf(g)
          return (latest.results[index] != null) === (kind === 'correctResult')
        })
        const chosen = open[pick % Math.max(open.length, 1)]
        if (chosen === undefined) return undefined
        const scores: [number, number] = [380 + (pick % 40), 390]
        const entry = {
          game: { table: chosen.table },
          result: playedOrThrow(chosen.players, scores),
          summary: '',
        }
        const command = resultCommandFor(state, 'A', latest.number, entry)
        const stored = latest.results[latest.pairings.indexOf(chosen)]?.result ?? null
        return {
          command,
          intent: {
            kind: 'game',
            round: latest.number,
            seated: chosen.players.map((p) => players[p - 1]?.key ?? ''),
            replaces: stored,
          },
        }
      }
      case 'issueWarning':
        if (player === undefined) return undefined
        return head({
          type: 'issueWarning',
          division: 'A',
          player: player.id,
          round: 1,
          reason: 'phone',
        })
      case 'overrideStarter':
        if (latest === undefined || game === undefined) return undefined
        return head({
          type: 'overrideStarter',
          division: 'A',
          round: latest.number,
          table: game.table,
          starter: game.players[flag ? 0 : 1],
        })
      case 'undo':
      case 'redo': {
        // Only with nothing else pending, as the desk's History offers it.
        if (desk.pending.length > 0) return undefined
        const undone = undoneBy(view.log)
        const own = view.log.filter(
          (e) =>
            e.desk === desk.identity.id &&
            !isLogControl(e.command) &&
            undone.has(e.seq) === (kind === 'redo'),
        )
        const target = own.at(-1)
        if (target === undefined) return undefined
        return head({ type: kind, seq: target.seq })
      }
      case 'renameDivision':
        // Issue 32: later commands still say 'A', which finds the division by its former name.
        return head({ type: 'renameDivision', division: 'A', name: `R${String(made)}` })
      case 'deleteRegistration':
        if (player === undefined) return undefined
        return head({
          type: 'deleteRegistration',
          division: 'A',
          player: player.id,
          key: player.key,
        })
      case 'movePlayer': {
        const to = state.divisions.find((d) => d !== division)
        if (player === undefined || to === undefined) return undefined
        return head({
          type: 'movePlayer',
          division: 'A',
          player: player.id,
          key: player.key,
          to: to.name,
        })
      }
    }
  }

  test('property: an accepted command names the player, the game and the result its desk saw, else it is refused with a reason', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            desk: fc.nat(2),
            kind: fc.oneof(
              { arbitrary: fc.constantFrom(...KINDS), weight: 1 },
              { arbitrary: fc.constantFrom(...LINK), weight: 1 },
            ),
            pick: fc.nat(50),
            flag: fc.boolean(),
          }),
          { minLength: 20, maxLength: 80 },
        ),
        (actions) => {
          run(actions)
        },
      ),
      { numRuns: 150 },
    )
  })
})
