import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { playedResult } from '../../../shared/results/game-result'
import { rulesFromPreset } from '../../../shared/rules/presets'
import {
  apply,
  fold,
  LOG_START,
  resumeFold,
  type Checkpoint,
} from '../../../shared/tournament/apply'
import { isLogControl, type LoggedCommand } from '../../../shared/tournament/commands'
import { undoneBy } from '../../../shared/tournament/log'
import type { TournamentState } from '../../../shared/tournament/types'
import {
  applyMirrorMessage,
  mirrorPatches,
  mirrorSender,
  NO_MIRROR,
  type Mirror,
  type MirrorMessage,
} from './mirror'
import { playedEvent } from './test-support/played-event'

/** A page and a worker: what the page sends lands, as a structured clone, in the worker's copy. */
function pageAndWorker<T>(budgetMs?: number) {
  const worker = { mirror: NO_MIRROR as Mirror, messages: [] as MirrorMessage[] }
  const sender = mirrorSender<T>((message) => {
    worker.messages.push(message)
    worker.mirror = applyMirrorMessage(worker.mirror, structuredClone(message))
  }, budgetMs)
  /** Sends `value` and gives the worker's copy as the request made on it would see it. */
  const send = (value: T) =>
    sender.send(value, (version) => {
      expect(worker.mirror.version).toBe(version)
      return worker.mirror.value
    })
  return { worker, sender, send }
}

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null')

describe('the worker’s copy of the state is the page’s, sent by what changed (issue 33)', () => {
  test('any JSON value after any other: the copy is what JSON reads back', async () => {
    const json = fc.anything({
      withBoxedValues: false,
      withMap: false,
      withSet: false,
      withObjectString: false,
      withNullPrototype: false,
      withBigInt: false,
      withDate: false,
      withTypedArray: false,
      withSparseArray: true,
      maxDepth: 7,
    })
    await fc.assert(
      fc.asyncProperty(fc.array(json, { minLength: 1, maxLength: 5 }), async (values) => {
        const { send } = pageAndWorker<unknown>()
        for (const value of values) expect(await send({ value })).toEqual(roundTrip({ value }))
      }),
    )
  })

  test('a part the page kept keeps its identity in the worker, a part replaced is new', async () => {
    const { send } = pageAndWorker<unknown>()
    const kept = { pairings: [1, 2], results: [null, null] }
    const changed = { pairings: [3, 4], results: [null, null] }
    const first = (await send({ divisions: [{ rounds: [kept, changed] }] })) as {
      divisions: { rounds: unknown[] }[]
    }
    const next = (await send({
      divisions: [{ rounds: [kept, { ...changed, results: [{ score: 1 }, null] }] }],
    })) as typeof first
    expect(next.divisions[0]?.rounds[0]).toBe(first.divisions[0]?.rounds[0])
    expect(next.divisions[0]?.rounds[1]).not.toBe(first.divisions[0]?.rounds[1])
    // The one before it is untouched: the worker may still be answering about it.
    expect(first.divisions[0]?.rounds[1]).toEqual(changed)
  })

  test('a whole state goes in slices, each message within its budget, the requests after', async () => {
    const { worker, send } = pageAndWorker<TournamentState>(0)
    const { state } = playedEvent(5)
    expect(await send(state)).toEqual(roundTrip(state))
    // With no budget, a message per part: every round and every player a message of its own.
    expect(worker.messages.length).toBeGreaterThan(43 + 6)
    expect(worker.messages[0]?.base).toBe(0)
    worker.messages.slice(1).forEach((message, i) => {
      expect(message.base).toBe(worker.messages[i]?.version)
    })
  })

  test('a message that does not follow the worker’s version loses its copy', () => {
    const at1 = applyMirrorMessage(NO_MIRROR, {
      kind: 'mirror',
      base: 0,
      version: 1,
      patches: [...mirrorPatches(undefined, { a: 1 })],
    })
    expect(at1).toEqual({ version: 1, value: { a: 1 } })
    const skipped = applyMirrorMessage(at1, {
      kind: 'mirror',
      base: 2,
      version: 3,
      patches: [...mirrorPatches({ a: 1 }, { a: 2 })],
    })
    expect(skipped.version).toBe(-1)
  })
})

/** What the desk does to a log: new commands, corrections of entered results, undos, redos. */
type Step =
  | { readonly kind: 'append'; readonly count: number }
  | { readonly kind: 'correct'; readonly pick: number; readonly scores: [number, number] }
  | { readonly kind: 'undo'; readonly pick: number }
  | { readonly kind: 'redo'; readonly pick: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), count: fc.integer({ min: 1, max: 12 }) }),
  fc.record({
    kind: fc.constant('correct' as const),
    pick: fc.nat(),
    scores: fc.tuple(fc.integer({ min: 200, max: 600 }), fc.integer({ min: 200, max: 600 })),
  }),
  fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('redo' as const), pick: fc.nat() }),
)

const ID = 'worker-test'
const source = playedEvent(33).log
const rules = rulesFromPreset('nsa1995')

/**
 * The page's state after a log control, as the tournament store folds it: from the latest state
 * it kept that the control leaves true (stores/tournament.ts's checkpoints), else from the start.
 */
function refolded(log: readonly LoggedCommand[], kept: readonly Checkpoint[], target: number) {
  const from =
    [...kept]
      .reverse()
      .find(
        (point) =>
          (log[point.at - 1]?.seq ?? -1) < target &&
          log.slice(point.at).every((e) => !isLogControl(e.command) || e.command.seq >= point.at),
      ) ?? LOG_START
  return resumeFold(ID, log, from)
}

describe('the pairing worker’s copy after appends, corrections and undos is a fresh fold (issue 33)', () => {
  test('the copy after each step equals the log folded afresh', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: source.length }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (start, steps) => {
          const { send } = pageAndWorker<TournamentState | undefined>()
          let log = source.slice(0, start)
          let next = start
          const first = fold(ID, log)
          if (!first.ok) throw new Error(first.error.code)
          let state = first.value
          const kept: Checkpoint[] = [{ at: log.length, state }]
          const logged = (command: LoggedCommand['command']): LoggedCommand => ({
            seq: log.length,
            at: '2026-03-16T18:00:00.000Z',
            command,
          })
          for (const s of steps) {
            if (s.kind === 'append') {
              for (const entry of source.slice(next, next + s.count)) {
                const applied = apply(state, entry.command, ID)
                if (!applied.ok) continue
                log = [...log, { ...entry, seq: log.length }]
                state = applied.value
              }
              next += s.count
              kept.push({ at: log.length, state })
            } else if (s.kind === 'correct') {
              const entered = log.filter((e) => e.command.type === 'recordResult')
              const entry = entered[s.pick % Math.max(1, entered.length)]
              if (entry?.command.type !== 'recordResult') continue
              const { result } = entry.command
              if (result.kind !== 'played') continue
              const corrected = playedResult(result.players, s.scores, [0, 0], rules)
              if (!corrected.ok) continue
              const command = { ...entry.command, type: 'correctResult' as const }
              const applied = apply(state, { ...command, result: corrected.value }, ID)
              if (!applied.ok) continue
              log = [...log, logged({ ...command, result: corrected.value })]
              state = applied.value
              kept.push({ at: log.length, state })
            } else {
              const cancelled = undoneBy(log)
              const candidates =
                s.kind === 'undo'
                  ? log.filter(
                      (e) => e.seq > 0 && !isLogControl(e.command) && !cancelled.has(e.seq),
                    )
                  : [...cancelled.keys()].flatMap((seq) => log.filter((e) => e.seq === seq))
              const target = candidates[s.pick % Math.max(1, candidates.length)]
              if (target === undefined) continue
              const tried = [...log, logged({ type: s.kind, seq: target.seq })]
              const folded = refolded(tried, kept, target.seq)
              if (!folded.ok) continue
              log = tried
              state = folded.value
              kept.push({ at: log.length, state })
            }
            const fresh = fold(ID, log)
            if (!fresh.ok) throw new Error(fresh.error.code)
            expect(await send(state)).toEqual(roundTrip(fresh.value))
          }
        },
      ),
      { numRuns: 40 },
    )
  })
})
