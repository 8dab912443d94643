import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { apply, LOG_START, resumeFold, type Checkpoint } from './apply'
import {
  checkpointBefore,
  checkpointsAfter,
  warmUpPositions,
  withCheckpoint,
  type CheckpointPolicy,
} from './checkpoints'
import type { Command, LoggedCommand } from './commands'
import { planControl, undoneBy } from './log'
import { generateLog } from './test-support/generate-log'
import type { TournamentState } from './types'

const ID = 'checkpoints'
const STAMP = { at: '2026-03-14T10:00:00.000Z', desk: 'desk-a' }
/** Small, so a short log already thins its checkpoints. */
const SMALL: CheckpointPolicy = { recent: 3, every: 7 }
const at = (...positions: number[]): Checkpoint[] =>
  positions.map((p) => ({ at: p, state: undefined }))
const positions = (list: readonly Checkpoint[]): number[] => list.map((c) => c.at)

describe('which checkpoints a window keeps (issue 20: undo folds only what follows a checkpoint)', () => {
  test.each([
    ['a new one is added at its place', at(7, 14), 15, [7, 14, 15]],
    [
      'the newest 3 stay, older ones only at multiples of 7',
      at(7, 10, 11, 12),
      13,
      [7, 11, 12, 13],
    ],
    ['one at the same place is replaced, not doubled', at(7, 12), 12, [7, 12]],
    ['an earlier one (a warm-up slice) goes in order', at(14, 20), 8, [8, 14, 20]],
  ])('%s', (_name, list, added, expected) => {
    expect(positions(withCheckpoint(list, { at: added, state: undefined }, SMALL))).toEqual(
      expected,
    )
  })

  test.each([
    // Undo of command 9: the states before 9 never counted it, those after it did.
    ['an undo of command 9 keeps the checkpoints at or before 9', 9, [0, 7, 9]],
    ['an undo of the first command keeps none after it', 1, [0]],
  ])('%s', (_name, seq, expected) => {
    const list = at(0, 7, 9, 12, 14)
    const undo: LoggedCommand = { seq: 15, at: STAMP.at, command: { type: 'undo', seq } }
    expect(positions(checkpointsAfter(list, undo, undefined, SMALL))).toEqual(expected)
  })

  test.each([
    ['the latest at or before the position', 10, 7],
    ['one exactly at the position', 12, 12],
    ['none before the first', 3, undefined],
  ])('checkpointBefore: %s', (_name, seq, expected) => {
    expect(checkpointBefore(at(7, 12, 14), seq)?.at).toBe(expected)
  })

  test.each([
    ['a short log: its last 3', 5, [2, 3, 4]],
    ['every 7, and the last 3', 23, [7, 14, 20, 21, 22]],
    ['an empty log: none', 0, []],
  ])('warm-up positions, %s', (_name, length, expected) => {
    expect(warmUpPositions(length, SMALL)).toEqual(expected)
  })
})

const base = generateLog({ players: 8, rounds: 3, seed: 20260520, starts: 'given' })

type Step =
  | { readonly kind: 'command'; readonly rating: number; readonly player: number }
  | { readonly kind: 'undo'; readonly pick: number }
  | { readonly kind: 'redo'; readonly pick: number }

const steps = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('command' as const),
      rating: fc.integer({ min: 0, max: 2500 }),
      player: fc.integer({ min: 1, max: 8 }),
    }),
    fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('redo' as const), pick: fc.nat() }),
  ),
  { maxLength: 30 },
)

describe('an undo or redo from a checkpoint is the undo or redo of the whole log', () => {
  test('on any run of commands, undos and redos, with the checkpoints a window keeps', () => {
    fc.assert(
      fc.property(steps, (run: readonly Step[]) => {
        let log: LoggedCommand[] = [...base]
        const folded = resumeFold(ID, log, LOG_START)
        if (!folded.ok) throw new Error(folded.error.code)
        let state: TournamentState | undefined = folded.value
        let list: Checkpoint[] = []
        for (const step of run) {
          let entry: LoggedCommand
          let next: TournamentState | undefined
          if (step.kind === 'command') {
            const command: Command = {
              type: 'editPlayer',
              division: 'A',
              playerId: step.player,
              player: {
                name: `Player ${step.player}`,
                rating: step.rating,
                memberId: `M${step.player}`,
                club: '',
              },
            }
            const applied = apply(state, command, ID)
            if (!applied.ok) throw new Error(applied.error.code)
            entry = { seq: log.length, at: STAMP.at, command }
            next = applied.value
          } else {
            const undone = undoneBy(log)
            const targets =
              step.kind === 'undo'
                ? log.filter(
                    (e) =>
                      e.seq > 0 &&
                      e.command.type !== 'undo' &&
                      e.command.type !== 'redo' &&
                      !undone.has(e.seq),
                  )
                : log.filter((e) => undone.has(e.seq))
            const target = targets[step.pick % Math.max(1, targets.length)]
            if (target === undefined) continue
            const command = { type: step.kind, seq: target.seq }
            const from = checkpointBefore(list, target.seq) ?? LOG_START
            const quick = planControl(ID, log, command, STAMP, from)
            expect(quick).toEqual(planControl(ID, log, command, STAMP))
            if (!quick.ok) continue
            entry = quick.value.entry
            next = quick.value.state
          }
          list = checkpointsAfter(list, entry, state, SMALL)
          log = [...log, entry]
          state = next
        }
        // Every checkpoint kept is the log's own state at its place.
        for (const c of list)
          expect(resumeFold(ID, log, LOG_START, c.at)).toEqual({ ok: true, value: c.state })
      }),
      { numRuns: 60 },
    )
  })
})
