/**
 * The authority's decisions on random events (issue 21): desks that propose on stale heads, in
 * any interleaving, re-send after a crash, and an authority that restarts from its log.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkLog } from '../formats/tournament-file'
import type { GameResult } from '../results/game-result'
import type { Command, LoggedCommand } from '../tournament/commands'
import { undoneBy } from '../tournament/log'
import { generateLog } from '../tournament/test-support/generate-log'
import { decide, recover, type AuthorityState } from './decide'
import { headOfLog, type Decision, type DeskIdentity, type Proposal } from './proposal'

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
