import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ok, type Result } from '../result'
import { fold } from '../tournament/apply'
import type { LoggedCommand } from '../tournament/commands'
import { generateLog } from '../tournament/test-support/generate-log'
import {
  allSteps,
  checkLogEntries,
  checkLogSteps,
  LOG_STEP,
  readTournamentFile,
  readTournamentFileSteps,
  writeTournamentFile,
  type CheckedLog,
  type LogProblem,
  type Steps,
} from './tournament-file'

const ID = 'steps'

/** The straight computation, as checkLog did it before issue 33: every entry checked, one fold. */
function straight(entries: readonly unknown[]): Result<CheckedLog, LogProblem> {
  const read = checkLogEntries(entries)
  if (!read.ok) return read
  const folded = fold(ID, read.value)
  if (!folded.ok) {
    const type = read.value[folded.error.seq]?.command.type ?? null
    return { ok: false, error: { ...folded.error, kind: 'fold', type, readable: read.value } }
  }
  return ok({ log: read.value, state: folded.value })
}

/** The steps run to the end, counting the pauses. */
function run<T>(steps: Steps<T>): { readonly answer: T; readonly pauses: number } {
  let pauses = 0
  for (;;) {
    const next = steps.next()
    if (next.done === true) return { answer: next.value, pauses }
    pauses++
  }
}

const event = generateLog({ players: 12, rounds: 3, seed: 20261129, starts: 'given' })

describe('checkLogSteps: the open in steps gives what checkLog gave in one go (issue 33)', () => {
  test.each([
    ['steps of 1', 1],
    ['steps of 7, across rounds', 7],
    ['steps longer than the log', 1000],
  ])('a played event, %s', (_name, step) => {
    const { answer, pauses } = run(checkLogSteps(ID, event, step))
    expect(answer).toEqual(straight(event))
    // A pause after each step checked, and after each step folded but the last.
    expect(pauses).toBe(2 * Math.ceil(event.length / step) - 1)
  })

  test('any run of undos and redos after it, damaged or not, at any step size', () => {
    const controls = fc.array(
      fc.record({
        type: fc.constantFrom('undo' as const, 'redo' as const),
        target: fc.nat({ max: event.length + 5 }),
      }),
      { maxLength: 12 },
    )
    fc.assert(
      fc.property(controls, fc.integer({ min: 1, max: 40 }), (run, step) => {
        const log: LoggedCommand[] = [...event]
        for (const { type, target } of run) {
          log.push({
            seq: log.length,
            at: '2026-03-14T10:00:00.000Z',
            command: { type, seq: target },
          })
        }
        expect(allSteps(checkLogSteps(ID, log, step))).toEqual(straight(log))
      }),
      { numRuns: 80 },
    )
  })

  const lateResult = event.findIndex((e, i) => i > 24 && e.command.type === 'recordResult')
  test.each([
    ['an unreadable entry in a late step', 30, null],
    ['a command that does not fold in a late step', lateResult, 'table'],
  ])('%s: the same problem, named at the same command', (_name, at, what) => {
    const entries: unknown[] = structuredClone(event) as unknown[]
    if (what === null) entries[at] = { seq: at, command: null }
    else (entries[at] as { command: { game: { table: number } } }).command.game = { table: 99 }
    const answer = allSteps(checkLogSteps(ID, entries, 7))
    expect(answer.ok).toBe(false)
    expect(answer).toEqual(straight(entries))
  })
})

describe('readTournamentFileSteps: a file read in steps (issue 33)', () => {
  const big = generateLog({ players: 100, rounds: 4, seed: 33, starts: 'given' })
  const text = writeTournamentFile('bench-open', big, '2026-03-16T18:00:00.000Z')

  test('the same file as readTournamentFile, pausing between pieces of the parse and of the log', () => {
    const { answer, pauses } = run(readTournamentFileSteps(text))
    expect(answer).toEqual(readTournamentFile(text))
    const folded = fold('bench-open', big)
    expect(answer.ok && answer.value.state).toEqual(folded.ok && folded.value)
    expect(answer.ok && answer.value.log).toEqual(big)
    // Parsed, checked and folded LOG_STEP commands at a time.
    expect(pauses).toBe(3 * Math.ceil(big.length / LOG_STEP) - 1)
  })

  test.each([
    ['written on one line', (t: string) => JSON.stringify(JSON.parse(t))],
    ['indented with tabs', (t: string) => JSON.stringify(JSON.parse(t), null, '\t')],
    [
      'its log written before its header',
      (t: string) => {
        const { log, ...header } = JSON.parse(t) as Record<string, unknown>
        return JSON.stringify({ log, ...header }, null, 2)
      },
    ],
  ])('a file laid out otherwise (%s) reads as the same file', (_name, layout) => {
    const other = layout(text)
    expect(allSteps(readTournamentFileSteps(other))).toEqual(readTournamentFile(text))
  })

  test.each([
    ['cut short in its log', (t: string) => t.slice(0, Math.floor(t.length * 0.7))],
    [
      'a brace missing in a late entry',
      (t: string) => {
        const at = t.lastIndexOf('"command": {')
        return `${t.slice(0, at)}"command": ${t.slice(at + 12)}`
      },
    ],
  ])('a file %s: refused where JSON.parse finds it, as before', (_name, damage) => {
    const damaged = damage(text)
    const answer = allSteps(readTournamentFileSteps(damaged))
    expect(answer.ok).toBe(false)
    if (answer.ok) return
    expect(answer.error.code).toBe('tournament-file.json')
    const whole = (() => {
      try {
        JSON.parse(damaged)
        return 'parsed'
      } catch {
        return 'refused'
      }
    })()
    expect(whole).toBe('refused')
  })

  test('a damaged file is refused at once, as before', () => {
    const { answer, pauses } = run(readTournamentFileSteps(text.slice(0, 500)))
    expect(answer).toEqual(readTournamentFile(text.slice(0, 500)))
    expect(answer.ok).toBe(false)
    expect(pauses).toBe(0)
  })
})
