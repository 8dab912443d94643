import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createMemoryRepository } from '../db/memory-repository'
import { localDay, useClockStore } from './clock'
import {
  afterTurns,
  OPENING_TURNS,
  PREPARE_WITH_MISSING,
  useDeskStore,
  worthPreparing,
} from './desk'
import { setRepository } from './repository'
import { useTournamentStore } from './tournament'

const INFO = {
  name: 'Abuja Open',
  venue: 'Abuja',
  startDate: '2026-12-05',
  endDate: '2026-12-07',
  rounds: 6,
}

beforeEach(() => {
  setRepository(createMemoryRepository())
  setActivePinia(createPinia())
})

afterEach(() => {
  vi.useRealTimers()
})

async function eventWithTwoPlayers(preset: 'neon' | 'nsa1995' = 'neon'): Promise<void> {
  const tournament = useTournamentStore()
  await tournament.create(INFO, preset)
  await tournament.dispatch({ type: 'addDivision', name: 'A' })
  await tournament.registerPlayer('A', { name: 'Okafor, Ada', rating: '1700' })
  await tournament.registerPlayer('A', { name: 'Bello, Tunde', rating: '1600' })
}

describe('the desk checks players in for one day of the event (NEON: every day again)', () => {
  test.each([
    ['during the event: today', '2026-12-06T10:00:00', '2026-12-06'],
    ['before the event: its first day', '2026-11-30T10:00:00', '2026-12-05'],
    ['after the event: its first day', '2026-12-20T10:00:00', '2026-12-05'],
  ])('%s', async (_, now, day) => {
    vi.useFakeTimers({ now: new Date(now) })
    await eventWithTwoPlayers()
    const desk = useDeskStore()
    expect(desk.eventDays).toEqual(['2026-12-05', '2026-12-06', '2026-12-07'])
    expect(desk.day).toBe(day)
  })

  test('a check-in counts for its day only, and can be taken back', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-05T08:30:00') })
    await eventWithTwoPlayers()
    const desk = useDeskStore()
    expect((await desk.setCheckedIn('A', 1, true)).ok).toBe(true)
    expect(desk.checkInCount('A')).toEqual({ checkedIn: 1, missing: 1, total: 2 })

    desk.chosenDay = '2026-12-06'
    expect(desk.checkInCount('A')).toEqual({ checkedIn: 0, missing: 2, total: 2 })

    desk.chosenDay = '2026-12-05'
    await desk.setCheckedIn('A', 1, false)
    expect(desk.checkInCount('A')).toEqual({ checkedIn: 0, missing: 2, total: 2 })
    expect(
      useTournamentStore()
        .log.map((e) => e.command.type)
        .slice(-2),
    ).toEqual(['checkIn', 'cancelCheckIn'])
  })

  test('NSA (no daily re-registration): a day-1 check-in lets the player be paired on day 2, but day 2 starts with a roll call (issue 19)', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-05T08:30:00') })
    await eventWithTwoPlayers('nsa1995')
    const desk = useDeskStore()
    await desk.setCheckedIn('A', 1, true)
    desk.chosenDay = '2026-12-06'
    const ann = () => useTournamentStore().state?.divisions[0]?.players[0]
    const player = ann()
    if (!player) throw new Error('no player')
    expect(desk.checkedIn(player)).toBe(true)
    expect(desk.seenToday(player)).toBe(false)
    expect(desk.checkInCount('A')).toEqual({ checkedIn: 0, missing: 2, total: 2 })
    await desk.setCheckedIn('A', 1, true)
    expect(desk.checkInCount('A')).toEqual({ checkedIn: 1, missing: 1, total: 2 })
    await desk.setCheckedIn('A', 1, false)
    expect(desk.checkInCount('A')).toEqual({ checkedIn: 0, missing: 2, total: 2 })
    expect(useTournamentStore().log.at(-1)?.command).toMatchObject({
      type: 'cancelCheckIn',
      day: '2026-12-06',
    })
    // The day-1 check-in stays: the preset still lets them be paired.
    expect(ann()?.checkIns).toEqual(['2026-12-05'])
  })

  test('a late player’s arrival checks them in for the day', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-05T09:00:00') })
    await eventWithTwoPlayers()
    const tournament = useTournamentStore()
    await tournament.dispatch({
      type: 'pairRound',
      division: 'A',
      round: 1,
      pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
    })
    await tournament.dispatch({
      type: 'startRound',
      division: 'A',
      round: 1,
      at: Date.now(),
      absent: [2],
    })
    const desk = useDeskStore()
    vi.setSystemTime(new Date('2026-12-05T09:07:00'))
    expect((await desk.recordArrival('A', 1, 2)).ok).toBe(true)
    expect(tournament.log.slice(-2).map((e) => e.command.type)).toEqual([
      'recordArrival',
      'checkIn',
    ])
    expect(desk.checkInCount('A')).toEqual({ checkedIn: 1, missing: 1, total: 2 })
    // Arriving again (the time corrected) does not check in twice.
    await desk.recordArrival('A', 1, 2)
    expect(tournament.log.at(-1)?.command.type).toBe('recordArrival')
  })

  test('a day outside the event is not kept: the desk falls back to the default day', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-07T08:30:00') })
    await eventWithTwoPlayers()
    const desk = useDeskStore()
    desk.chosenDay = '2027-01-01'
    expect(desk.day).toBe('2026-12-07')
  })

  test('the next round to pair follows the paired rounds', async () => {
    await eventWithTwoPlayers()
    const desk = useDeskStore()
    expect(desk.nextRound('A')).toBe(1)
    await useTournamentStore().dispatch({
      type: 'pairRound',
      division: 'A',
      round: 1,
      pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
    })
    expect(desk.nextRound('A')).toBe(2)
  })
})

describe('who went first, learnt after the result (NEON: players draw tiles)', () => {
  test('recording a starter keeps the scores and stores who went first', async () => {
    await eventWithTwoPlayers()
    const tournament = useTournamentStore()
    await tournament.dispatch({
      type: 'pairRound',
      division: 'A',
      round: 1,
      pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
    })
    const result = {
      kind: 'played',
      players: [1, 2],
      rawScores: [400, 350],
      overtimeSeconds: [0, 0],
      scores: [400, 350],
    } as const
    await tournament.dispatch({
      type: 'recordResult',
      division: 'A',
      round: 1,
      game: { table: 1 },
      result,
    })
    const desk = useDeskStore()
    expect((await desk.recordStarter('A', 1, 1, 2)).ok).toBe(true)
    expect(tournament.state?.divisions[0]?.rounds[0]?.results[0]).toEqual({ result, first: 2 })
    expect(await desk.recordStarter('A', 1, 1, 9)).toMatchObject({
      ok: false,
      error: { code: 'result-line.name.unknown' },
    })
  })
})

describe('the local day of a moment', () => {
  test.each([
    ['2026-12-05T00:00:01', '2026-12-05'],
    ['2026-12-05T23:59:59', '2026-12-05'],
    ['2027-01-09T12:00:00', '2027-01-09'],
  ])('%s is %s', (time, day) => {
    expect(localDay(new Date(time).getTime())).toBe(day)
  })
})

describe('issue 11: the desk’s day follows the clock, also across midnight', () => {
  test('a running desk checks in for the new day once the clock passes midnight', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-05T23:59:00') })
    await eventWithTwoPlayers()
    const clock = useClockStore()
    const stop = clock.tick()
    const desk = useDeskStore()
    expect(desk.day).toBe('2026-12-05')
    await vi.advanceTimersByTimeAsync(2 * 60_000)
    expect(desk.day).toBe('2026-12-06')
    stop()
  })

  test('a day picked by hand holds until the calendar day changes', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-05T23:00:00') })
    await eventWithTwoPlayers()
    const clock = useClockStore()
    const stop = clock.tick()
    const desk = useDeskStore()
    desk.chosenDay = '2026-12-07'
    await vi.advanceTimersByTimeAsync(30 * 60_000)
    expect(desk.day).toBe('2026-12-07')
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(desk.day).toBe('2026-12-06')
    stop()
  })
})

describe('issue 11: pairing a round again is one command', () => {
  async function pairedRoundOne(): Promise<void> {
    await eventWithTwoPlayers('nsa1995')
    const tournament = useTournamentStore()
    await tournament.registerPlayer('A', { name: 'Eze, Chidi', rating: '1500' })
    await tournament.registerPlayer('A', { name: 'Ade, Kemi', rating: '1400' })
    await tournament.dispatch({
      type: 'pairRound',
      division: 'A',
      round: 1,
      pairings: [
        { kind: 'game', table: 1, players: [1, 2] },
        { kind: 'game', table: 2, players: [3, 4] },
      ],
    })
  }

  test('the log gains one pairRound that replaces the round; never an unpairRound', async () => {
    await pairedRoundOne()
    const tournament = useTournamentStore()
    const before = tournament.log.length
    const repaired = await useDeskStore().repairRound('A', 1, { seed: 3 })
    expect(repaired.ok).toBe(true)
    const added = tournament.log.slice(before).map((c) => c.command)
    expect(added).toHaveLength(1)
    expect(added[0]).toMatchObject({ type: 'pairRound', round: 1, replace: true })
    expect(tournament.state?.divisions[0]?.rounds).toHaveLength(1)
  })

  test('refused (a result is in), the round stays paired as it was and the log is unchanged', async () => {
    await pairedRoundOne()
    const tournament = useTournamentStore()
    await tournament.dispatch({
      type: 'recordResult',
      division: 'A',
      round: 1,
      game: { table: 1 },
      result: {
        kind: 'forfeit',
        winner: 1,
        loser: 2,
        reason: 'no-show',
        spread: 50,
        rated: false,
      },
    })
    const pairings = tournament.state?.divisions[0]?.rounds[0]?.pairings
    const before = tournament.log.length
    const refused = await useDeskStore().repairRound('A', 1, { seed: 3 })
    expect(refused.ok ? 'repaired' : refused.error.code).toBe('round.has-results')
    expect(tournament.log).toHaveLength(before)
    expect(tournament.state?.divisions[0]?.rounds[0]?.pairings).toBe(pairings)
  })
})

describe('the next round is proposed ahead, "Pair anyway" included (issue 33)', () => {
  test.each([
    ['every result in', 0, false, true],
    ['one result missing: the last games of the round', 1, false, true],
    ['a few missing', PREPARE_WITH_MISSING, false, true],
    ['many missing: results still coming, each would start it over', 40, false, false],
    ['many missing, the director asked to pair anyway', 40, true, true],
  ])('%s', (_name, missing, asked, expected) => {
    expect(worthPreparing(missing, asked)).toBe(expected)
  })
})

describe('the Rounds screen, as it opens, asks the pairing worker in turn, never on a timer (issue 33)', () => {
  /** `scheduler.yield` as the browser has it: each turn a task, in the order asked, no timer. */
  function schedulerTurns(): void {
    vi.stubGlobal('scheduler', {
      yield: () => new Promise<void>((resolve) => queueMicrotask(resolve)),
    })
  }

  test('the next round is asked for before the review’s warnings, the warnings’ watch set up first', async () => {
    schedulerTurns()
    const asked: string[] = []
    // The order RoundsView.vue sets them up in: the warnings' watch, then the preparing one.
    const warnings = afterTurns(OPENING_TURNS.warnings).then(() => asked.push('warnings'))
    const prepare = afterTurns(OPENING_TURNS.prepare).then(() => asked.push('prepare'))
    await Promise.all([warnings, prepare])
    expect(asked).toEqual(['prepare', 'warnings'])
    vi.unstubAllGlobals()
  })

  test('both land while the e2e holds every timer (page.clock.pauseAt)', async () => {
    schedulerTurns()
    vi.useFakeTimers()
    const asked: string[] = []
    await afterTurns(OPENING_TURNS.prepare).then(() => asked.push('prepare'))
    await afterTurns(OPENING_TURNS.warnings).then(() => asked.push('warnings'))
    expect(asked).toEqual(['prepare', 'warnings'])
    vi.unstubAllGlobals()
  })
})
