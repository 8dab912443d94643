// Must come before Dexie is loaded: it installs the IndexedDB globals Dexie looks for.
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import fc from 'fast-check'
import { afterEach, describe, expect, test } from 'vitest'
import { checkLog } from '../../../shared/formats/tournament-file'
import { apply, fold } from '../../../shared/tournament/apply'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import { defaultUndoTarget, fingerprint, planControl } from '../../../shared/tournament/log'
import { playedResult } from '../../../shared/results/game-result'
import { rulesFromPreset } from '../../../shared/rules/presets'
import type { TournamentState } from '../../../shared/tournament/types'
import { RacksideDatabase } from './database'
import { createDexieRepository } from './dexie-repository'
import type { TournamentRepository } from './repository'
import { headOf, summarize } from './summary'

/*
 * Issue 13: two windows on one tournament, each with its own Dexie connection to the same
 * IndexedDB database, racing results, undos and replaces from a file. Whatever the interleaving,
 * the stored log folds, every write is either stored or refused with a reason, and no command a
 * window was told is stored goes missing (unless a later replace, which the director confirmed,
 * dropped its whole generation).
 */

const ID = 't-race'
const TABLES = 4
const RULES = rulesFromPreset('nsa1995')
const INFO = { name: 'Race Open', venue: 'Hall', startDate: '2026-03-14', endDate: '2026-03-14' }
const BASE_COMMANDS: readonly Command[] = [
  { type: 'createTournament', info: { ...INFO, rounds: 3 }, rules: RULES },
  { type: 'addDivision', name: 'A' },
  ...Array.from({ length: TABLES * 2 }, (_, i): Command => ({
    type: 'registerPlayer',
    division: 'A',
    player: { name: `P${i + 1}`, rating: 1500 - i, memberId: '', club: '' },
  })),
  {
    type: 'pairRound',
    division: 'A',
    round: 1,
    pairings: Array.from({ length: TABLES }, (_, i) => ({
      kind: 'game' as const,
      table: i + 1,
      players: [2 * i + 1, 2 * i + 2] as const,
    })),
  },
]
const BASE: readonly LoggedCommand[] = BASE_COMMANDS.map((command, seq) => ({
  seq,
  at: `2026-03-14T09:00:${String(seq).padStart(2, '0')}.000Z`,
  command,
}))

/** A window: its own connection, the log it last read and the state folded from it. */
interface Window {
  readonly desk: string
  readonly repository: TournamentRepository
  log: readonly LoggedCommand[]
  generation: number
  state: TournamentState | undefined
}

interface Acked {
  readonly entry: LoggedCommand
  readonly generation: number
}

const op = fc.record({
  window: fc.nat(1),
  kind: fc.constantFrom('result', 'result', 'result', 'undo', 'replace', 'reload'),
  n: fc.nat(1000),
  /** Run together with the next operation, so both are in flight at once. */
  together: fc.boolean(),
})
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never

const opened: RacksideDatabase[] = []

afterEach(async () => {
  for (const db of opened.splice(0)) db.close()
})

async function reload(window: Window): Promise<void> {
  const stored = await window.repository.loadStored(ID)
  if (!stored) throw new Error('the tournament vanished')
  // Read as the store reads it (issue 20): every entry checked, then folded.
  const read = checkLog(ID, stored.log)
  if (!read.ok) throw new Error(`stored log does not open: ${read.error.message}`)
  window.log = read.value.log
  window.generation = stored.generation
  window.state = read.value.state
}

/** What a window tries for `x`; undefined when its own view already refuses it (never sent). */
function attempt(window: Window, x: Op): { entry: LoggedCommand; state: TournamentState } | null {
  const at = `2026-03-14T10:${String(x.n % 60).padStart(2, '0')}:00.000Z`
  if (x.kind === 'undo') {
    const target = defaultUndoTarget(window.log, window.desk)
    if (!target || target.seq < BASE.length) return null
    const planned = planControl(
      ID,
      window.log,
      { type: 'undo', seq: target.seq },
      {
        at,
        desk: window.desk,
      },
    )
    return planned.ok && planned.value.state
      ? { entry: planned.value.entry, state: planned.value.state }
      : null
  }
  const table = (x.n % TABLES) + 1
  const result = playedResult([2 * table - 1, 2 * table], [300 + (x.n % 150), 350], [0, 0], RULES)
  if (!result.ok) throw new Error(result.error.message)
  const command: Command = {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table },
    result: result.value,
  }
  const next = apply(window.state, command, ID)
  if (!next.ok) return null
  return { entry: { seq: window.log.length, at, desk: window.desk, command }, state: next.value }
}

async function run(
  window: Window,
  x: Op,
  acked: Acked[],
  replaces: Map<number, number>,
): Promise<void> {
  if (x.kind === 'reload') return reload(window)
  if (x.kind === 'replace') {
    // The director opens a file of the same tournament: this window's log cut back to `keep`.
    const keep = BASE.length + (x.n % Math.max(1, window.log.length - BASE.length + 1))
    const log = window.log.slice(0, keep)
    const state = fold(ID, log)
    if (!state.ok || !state.value) throw new Error('a prefix of a stored log folds')
    const stored = await window.repository.importLog(
      ID,
      log,
      summarize(state.value, log.length, log.at(-1)?.at ?? ''),
      { replace: true },
    )
    expect(stored.ok).toBe(true)
    if (stored.ok) replaces.set(stored.value.generation, log.length)
    return reload(window)
  }
  const tried = attempt(window, x)
  if (!tried) return
  const head = headOf(window.log, window.generation)
  const written = await window.repository.append(
    ID,
    tried.entry,
    summarize(tried.state, tried.entry.seq + 1, tried.entry.at),
    head,
  )
  if (written.ok) {
    acked.push({ entry: tried.entry, generation: window.generation })
    window.log = [...window.log, tried.entry]
    window.state = tried.state
    return
  }
  // Refused visibly, with the reason; the window reads the stored truth before anything else.
  expect(['storage.conflict', 'storage.replaced']).toContain(written.error.code)
  await reload(window)
}

describe('two windows on one IndexedDB database (issue 13)', () => {
  test('racing results, undos and replaces: the log always folds and no acknowledged command is lost', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 24 }), async (ops) => {
        const name = `rackside-race-${crypto.randomUUID()}`
        const connections = [new RacksideDatabase(name), new RacksideDatabase(name)]
        opened.push(...connections)
        const windows: Window[] = connections.map((db, i) => ({
          desk: `desk-${i}`,
          repository: createDexieRepository(db),
          log: [],
          generation: 0,
          state: undefined,
        }))
        const [first] = windows
        if (!first) throw new Error('no window')
        const base = fold(ID, BASE)
        if (!base.ok || !base.value) throw new Error('base log')
        await first.repository.importLog(ID, BASE, summarize(base.value, BASE.length, ''), {
          replace: false,
        })
        for (const window of windows) await reload(window)

        const acked: Acked[] = []
        const replaces = new Map<number, number>([[0, BASE.length]])
        for (let i = 0; i < ops.length; i++) {
          const x = ops[i] as Op
          const next = ops[i + 1]
          const batch = x.together && next && next.window !== x.window ? [x, next] : [x]
          if (batch.length === 2) i++
          await Promise.all(batch.map((y) => run(windows[y.window] as Window, y, acked, replaces)))

          const stored = await first.repository.loadStored(ID)
          expect(stored && checkLog(ID, stored.log).ok).toBe(true)
        }

        const stored = await first.repository.loadStored(ID)
        if (!stored) throw new Error('lost the tournament')
        const kept = acked.filter((a) => a.generation === stored.generation)
        for (const { entry } of kept) {
          const found = stored.log[entry.seq] as LoggedCommand | undefined
          expect(found && fingerprint(found)).toBe(fingerprint(entry))
        }
        expect(stored.log).toHaveLength((replaces.get(stored.generation) ?? 0) + kept.length)
        for (const db of connections) db.close()
        await Dexie.delete(name)
      }),
      { numRuns: 30 },
    )
  }, 60_000)
})
