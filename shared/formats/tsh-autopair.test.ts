import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { PAIRING_SYSTEMS } from '../pairing/types'
import { applyAll, WORKED_EXAMPLE } from '../tournament/test-support/event'
import { basisRound, stepIndexFor } from '../tournament/plan'
import type { PlanStep } from '../tournament/types'
import { parseConfigTsh } from './config-tsh'
import { parseTFile } from './t-file'
import { eventFromConfig, importTshEvent } from './t-import'
import { parseTshArchive } from './tsh-archive'
import { autopairLines, NO_REPEAT_LIMIT, planFromAutopair } from './tsh-autopair'
import { exportTshEvent } from './tsh-event-export'

/** A config naming divisions A and B, then `text`: the first autopair line is line 3. */
const read = (text: string) => {
  const parsed = parseConfigTsh(`division A a.t\ndivision B b.t\n${text}`)
  expect(parsed.problems).toEqual([])
  return parsed.config
}
const planOf = (text: string, rounds?: number, breaks: readonly number[] = []) =>
  planFromAutopair(read(text).autopair, 'A', rounds, breaks)

const step = (
  fromRound: number,
  system: PlanStep['system'],
  maxRepeats: number | null = null,
  basedOn: PlanStep['basedOn'] = 'previous',
): PlanStep => ({ fromRound, system, basedOn, maxRepeats })
const manual = (fromRound: number): PlanStep => step(fromRound, 'manual', 0)

/** `autopair A SR R <command>` for each round in `rounds`, SR the round before. */
const each = (rounds: readonly number[], command: (sr: number) => string, lag = 1): string =>
  rounds.map((r) => `autopair A ${String(r - lag)} ${String(r)} ${command(r - lag)}`).join('\n')

describe("tsh's autopair lines name plan steps (tsh CheckAutoPair, issue 18)", () => {
  test.each<[string, string, number | undefined, readonly PlanStep[]]>([
    [
      'tsh InitFontes over 3 rounds, then NewSwiss with 0 repeats on the last round',
      `autopair A 0 1 if 3 A\n${each([4, 5, 6], (sr) => `ns 0 ${String(sr)} A`)}`,
      6,
      [step(1, 'fontes'), step(4, 'swiss', 0)],
    ],
    [
      'tsh initfontes and newswiss by their long names, KOTH in capitals',
      `autopair A 0 1 initfontes 3 A\n${each([4], (sr) => `newswiss 1 ${String(sr)} A`)}\nautopair A 4 5 KOTH 2 4 A`,
      5,
      [step(1, 'fontes'), step(4, 'swiss', 1), step(5, 'koth', 2)],
    ],
    [
      'tsh NewSwiss every round then KOTH in the last: consecutive rounds collapse into one step',
      `${each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], (sr) => `ns 1 ${String(sr)} A`)}\nautopair A 11 12 koth 2 11 A`,
      12,
      [step(1, 'swiss', 1), step(12, 'koth', 2)],
    ],
    [
      'tsh NewSwiss on the round before last (SR = ROUND - 2) is a lagged step',
      each([2, 3, 4, 5], (sr) => `ns 1 ${String(sr)} A`, 2),
      5,
      [manual(1), step(2, 'swiss', 1, 'lagged')],
    ],
    [
      'tsh NewSwiss lagged then on the latest round: two steps',
      `${each([2, 3], (sr) => `ns 1 ${String(sr)} A`, 2)}\n${each([4, 5], (sr) => `ns 1 ${String(sr)} A`)}`,
      5,
      [manual(1), step(2, 'swiss', 1, 'lagged'), step(4, 'swiss', 1)],
    ],
    [
      'COP (issue 29): `cop` with its source round, or without, pairs the last rounds',
      `${each([1, 2, 3, 4, 5, 6, 7], (sr) => `ns 1 ${String(sr)} A`)}\n${each([8, 9], (sr) => `cop ${String(sr)} A`)}\nautopair A 9 10 cop A`,
      10,
      [step(1, 'swiss', 1), step(8, 'cop')],
    ],
    [
      'tsh RandomPair (rp and randompair)',
      `autopair A 0 1 rp 0 0 A\nautopair A 1 2 randompair 0 1 A`,
      2,
      [step(1, 'random', 0)],
    ],
    [
      "tsh ChewPair (cp, chewpair) is Swiss with no repeat limit (contention is the division's setting)",
      `autopair A 0 1 cp 0 A\nautopair A 1 2 chewpair 1 A\nautopair A 2 3 cp A`,
      3,
      [step(1, 'swiss')],
    ],
    ['tsh RoundRobin once round the field', 'autopair A 0 1 rr A', 7, [step(1, 'round-robin')]],
    [
      'tsh RoundRobin twice round the field, then KOTH',
      'autopair A 0 1 roundrobin 2 A\nautopair A 13 14 koth 0 13 A',
      14,
      [step(1, 'double-round-robin'), step(14, 'koth', 0)],
    ],
    [
      `tsh repeats of ${String(NO_REPEAT_LIMIT - 1)} or more never bind: no limit`,
      `autopair A 0 1 ns ${String(NO_REPEAT_LIMIT)} 0 A\nautopair A 1 2 ns 99 1 A`,
      2,
      [step(1, 'swiss')],
    ],
    [
      'a round without a line is left to the director, as tsh leaves it: manual',
      `${each([1, 2, 3], (sr) => `ns 0 ${String(sr)} A`)}\nautopair A 4 5 koth 0 4 A`,
      6,
      [step(1, 'swiss', 0), manual(4), step(5, 'koth', 0), manual(6)],
    ],
    [
      'the event length unknown: the plan ends with the last line',
      each([1, 2], (sr) => `koth 0 ${String(sr)} A`),
      undefined,
      [step(1, 'koth', 0)],
    ],
    [
      "another division's lines are not this division's plan",
      'autopair B 0 1 ns 0 0 B\nautopair A 0 1 koth 0 0 A',
      1,
      [step(1, 'koth', 0)],
    ],
  ])('%s', (_, lines, rounds, plan) => {
    const named = planOf(lines, rounds)
    expect(named.warnings).toEqual([])
    expect(named.plan).toEqual(plan)
  })

  test('no autopair line for the division: tsh pairs it by its default, Rackside by the automatic plan', () => {
    expect(planOf('autopair B 0 1 ns 0 0 B', 5)).toEqual({ plan: null, warnings: [] })
  })

  test("after a session break lagged and latest agree (tsh's session_breaks), so the lagged step goes on", () => {
    // Break after round 3: round 4 is paired on round 3 (SR = ROUND - 1), the others lagged.
    const lines = [
      'autopair A 0 2 ns 0 0 A',
      'autopair A 1 3 ns 0 1 A',
      'autopair A 3 4 ns 0 3 A',
      'autopair A 3 5 ns 0 3 A',
    ].join('\n')
    const named = planOf(lines, 5, [3])
    expect(named.warnings).toEqual([])
    expect(named.plan).toEqual([manual(1), step(2, 'swiss', 0, 'lagged')])
  })

  test.each([
    ['autopair A 0 1 pair1324 0 A', 'tsh\'s "pair1324" has no Rackside pairing system'],
    ['autopair A 0 1 ns 0 0 B', 'the command pairs division B, not A'],
    ['autopair A 0 1 ns 0 x A', 'are not round numbers'],
    ['autopair A 0 1 ns 0 A', 'takes the most repeats and a source round'],
    ['autopair A 0 1 cp 0 0 A', 'takes a source round only'],
    ['autopair A 0 1 ns 0 1 A', 'the command pairs on round 1 but the line waits for round 0'],
    ['autopair A 0 1 if 4 A', 'Initial Fontes takes an odd number of rounds'],
    ['autopair A 0 1 rr 3 A', 'once or twice, not 3 times'],
  ])('%s is reported with its line and words, and round 1 is paired by hand', (line, why) => {
    const named = planOf(line, 1)
    expect(named.plan).toEqual([manual(1)])
    expect(named.warnings).toHaveLength(1)
    expect(named.warnings[0]).toMatchObject({ line: 3, code: 'timport.config.autopair' })
    expect(named.warnings[0]?.message).toContain(line)
    expect(named.warnings[0]?.message).toContain(why)
  })

  test.each([
    [
      'a source round three back',
      'autopair A 0 1 ns 0 0 A\nautopair A 1 4 ns 0 1 A',
      4,
      4,
      'on the standings after round 1',
    ],
    [
      'Initial Fontes after round 1',
      'autopair A 0 1 ns 0 0 A\nautopair A 0 2 if 3 A',
      2,
      4,
      'from round 1',
    ],
    [
      'a round Initial Fontes already pairs',
      'autopair A 0 1 if 3 A\nautopair A 1 2 ns 0 1 A',
      3,
      4,
      'Initial Fontes on line 3 pairs this round',
    ],
    [
      'a second line for the same round (tsh keeps the last)',
      'autopair A 0 1 ns 0 0 A\nautopair A 0 1 koth 0 0 A',
      1,
      3,
      'line 4 pairs the same round',
    ],
    [
      'a line past the end of the event',
      'autopair A 0 1 ns 0 0 A\nautopair A 1 2 ns 0 1 A',
      1,
      4,
      'the event has 1 rounds',
    ],
  ])('%s is reported with its line', (_, lines, rounds, line, why) => {
    const named = planOf(lines, rounds)
    expect(named.warnings).toMatchObject([{ line, code: 'timport.config.autopair' }])
    expect(named.warnings[0]?.message).toContain(why)
  })

  test.each([
    ['autopair A 2 2 ns 0 1 A', 'not before it'],
    ['autopair A 3 2 ns 0 1 A', 'not before it'],
    ['autopair A 0 0 ns 0 0 A', 'not a round from 1'],
    ['autopair A x 2 ns 0 1 A', 'an autopair line is'],
    ['autopair A 0 1', 'an autopair line is'],
    ['autopair C 0 1 ns 0 0 C', 'which no division line above names'],
  ])('tsh refuses the file over "%s", and so does Rackside, with its line', (line, why) => {
    const parsed = parseConfigTsh(`division A a.t\ndivision B b.t\n${line}`)
    expect(parsed.problems).toMatchObject([{ line: 3, code: 'tsh.config.autopair' }])
    expect(parsed.problems[0]?.message).toContain(why)
  })
})

describe("autopair and tsh's pairing_system (TSH/Config.pm: each autopair line sets it to auto)", () => {
  const lines = 'autopair A 0 1 koth 0 0 A\nautopair A 1 2 koth 0 1 A'
  test.each([
    ['autopair lines alone', `${lines}`, [step(1, 'koth', 0)], 0],
    [
      'pairing_system manual before them',
      `config pairing_system = 'manual'\n${lines}`,
      [step(1, 'koth', 0)],
      0,
    ],
    [
      'pairing_system auto after them',
      `${lines}\nconfig pairing_system = 'auto'`,
      [step(1, 'koth', 0)],
      0,
    ],
    [
      'pairing_system manual after them',
      `${lines}\nconfig pairing_system = 'manual'`,
      [manual(1)],
      1,
    ],
  ])('%s', (_, text, plan, warnings) => {
    const event = eventFromConfig(
      read(`config max_rounds = 2\n${text}`),
      { fallbackDate: '2026-03-14' },
      'A',
    )
    if (!event.ok) throw new Error(event.error.message)
    expect(event.value.plan).toEqual(plan)
    expect(event.value.warnings.filter((w) => w.code === 'timport.config.autopair')).toHaveLength(
      warnings,
    )
    expect(event.value.ignored).not.toContain('autopair')
  })

  test('a .tsh import gives each division the plan its own lines name, and B the automatic plan', () => {
    const file = parseTFile('Ann 1800 2; 400\nBob 1700 1; 350')
    if (!file.ok) throw new Error(file.error.message)
    const imported = importTshEvent(
      read(
        `config max_rounds = 4\nautopair A 0 1 if 3 A\n${each([4], (sr) => `koth 0 ${String(sr)} A`)}`,
      ),
      new Map([
        ['a.t', file.value],
        ['b.t', file.value],
      ]),
      { fallbackDate: '2026-03-14' },
    )
    if (!imported.ok) throw new Error(imported.error.message)
    const plans = imported.value.commands.filter((c) => c.type === 'setPairingPlan')
    expect(plans).toEqual([
      { type: 'setPairingPlan', division: 'A', plan: [step(1, 'fontes'), step(4, 'koth', 0)] },
    ])
    expect(imported.value.warnings).toEqual([])
  })
})

/** How each round of the event is paired under `plan`. */
const perRound = (plan: readonly PlanStep[], rounds: number) =>
  Array.from({ length: rounds }, (_, i) => {
    const s = plan[stepIndexFor(plan, i + 1)]
    return s && [s.system, s.maxRepeats, basisRound(s.basedOn, i + 1)]
  })

describe('a plan written as autopair lines and read back (round trip, issue 18)', () => {
  const roundTrip = (plan: readonly PlanStep[], rounds = 12, sessionBreaks: number[] = []) => {
    const state = applyAll([
      ...WORKED_EXAMPLE.setup.map((c) =>
        c.type === 'createTournament' ? { ...c, info: { ...c.info, rounds, sessionBreaks } } : c,
      ),
      { type: 'setPairingPlan', division: 'A', plan },
    ])
    const text = exportTshEvent(state)
    if (!text.ok) throw new Error(text.error.message)
    const archive = parseTshArchive(text.value)
    if (!archive.ok) throw new Error(archive.error.message)
    const files = new Map<string, NonNullable<ReturnType<typeof tFile>>>()
    for (const f of archive.value.files) files.set(f.name, tFile(f.text))
    const config = parseConfigTsh(archive.value.configText)
    expect(config.problems).toEqual([])
    const imported = importTshEvent(config.config, files, { fallbackDate: '2026-03-14' })
    if (!imported.ok) throw new Error(imported.error.message)
    const set = imported.value.commands.find((c) => c.type === 'setPairingPlan')
    return {
      configText: archive.value.configText,
      plan: set?.type === 'setPairingPlan' ? set.plan : null,
      warnings: imported.value.warnings,
    }
  }
  const tFile = (text: string) => {
    const file = parseTFile(text)
    if (!file.ok) throw new Error(file.error.message)
    return file.value
  }

  test.each<[string, readonly PlanStep[], number[]]>([
    [
      'Initial Fontes, Swiss, KOTH',
      [step(1, 'fontes'), step(4, 'swiss', 1), step(12, 'koth', 2)],
      [],
    ],
    [
      'Swiss lagged across a session break',
      [step(1, 'swiss', 0, 'lagged'), step(12, 'koth', 0)],
      [6],
    ],
    [
      'random draw, hand-paired rounds, Swiss',
      [step(1, 'random', 0), manual(2), step(4, 'swiss')],
      [],
    ],
    ['double round robin', [step(1, 'double-round-robin')], []],
  ])('%s', (_, plan, breaks) => {
    const back = roundTrip(plan, 12, breaks)
    expect(back.warnings).toEqual([])
    expect(back.plan).toEqual(plan)
  })

  test('an automatic plan writes no autopair line and reads back automatic', () => {
    const back = roundTrip([])
    expect(back.configText).not.toContain('autopair')
    expect(back.plan).toBeNull()
  })

  test('a system tsh has no command for is a comment tsh skips, those rounds read back as manual', () => {
    const back = roundTrip([step(1, 'rating', 0), step(2, 'swiss', 0)], 3)
    expect(back.configText).toContain(
      "# A rounds 1-1: Rackside's rating pairing has no tsh command",
    )
    expect(back.plan).toEqual([manual(1), step(2, 'swiss', 0)])
  })

  test('a COP step is written as tsh cop lines and reads back (issue 29)', () => {
    const back = roundTrip([step(1, 'swiss', 0), step(8, 'cop')], 10)
    expect(back.configText).toContain('autopair A 7 8 cop 7 A')
    expect(back.plan).toEqual([step(1, 'swiss', 0), step(8, 'cop')])
  })

  test('property: every plan of mapped systems reads back as written', () => {
    const systems = ['swiss', 'koth', 'random', 'manual'] as const
    expect(PAIRING_SYSTEMS).toEqual(expect.arrayContaining([...systems]))
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.array(
          fc.record({
            system: fc.constantFrom(...systems),
            basedOn: fc.constantFrom('previous' as const, 'lagged' as const),
            maxRepeats: fc.constantFrom(null, 0, 1, 2),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.boolean(),
        (rounds, kinds, fontes) => {
          const starts = fontes ? 4 : 1
          if (starts + kinds.length - 1 > rounds) return
          const plan: PlanStep[] = fontes ? [step(1, 'fontes')] : []
          kinds.forEach((k, i) => {
            const prev = plan[plan.length - 1]
            const s: PlanStep =
              k.system === 'manual'
                ? manual(starts + i)
                : step(starts + i, k.system, k.maxRepeats, k.basedOn)
            // Two alike steps in a row are one step, as tsh's lines read.
            const alike =
              prev !== undefined &&
              prev.system === s.system &&
              prev.maxRepeats === s.maxRepeats &&
              (prev.basedOn === s.basedOn || s.system === 'manual')
            if (!alike) plan.push(s)
          })
          // A plan only of hand-paired rounds is tsh's pairing_system 'manual', not autopair.
          if (plan.every((s) => s.system === 'manual')) return
          const info = { name: '', venue: '', startDate: '', endDate: '', rounds }
          const back = autopairLines(plan, info, 'A')
          const read = planFromAutopair(
            parseConfigTsh(`division A a.t\n${back.join('\n')}`).config.autopair,
            'A',
            rounds,
          )
          expect(read.warnings).toEqual([])
          // Round by round the same system, repeats and standings (in round 1 lagged and
          // latest are the same standings, so the step's basis there may read either way).
          expect(read.plan && perRound(read.plan, rounds)).toEqual(perRound(plan, rounds))
        },
      ),
      { numRuns: 200 },
    )
  })
})
