/**
 * tsh's `autopair` lines (config.tsh) as a division's plan steps, and a plan back as autopair
 * lines (issue 18). tsh runs the command a line names, as typed, when the standings after its
 * source round are in (TSH/Division.pm, CheckAutoPair); a round without a line is left to the
 * director, so it is a manual step here. What cannot be mapped is reported with its line and
 * words and paired by hand, never guessed.
 */
import type { PairingSystem } from '../pairing/types'
import { basisRound, fontesSpan, validatePlan } from '../tournament/plan'
import type { PlanStep, TournamentInfo } from '../tournament/types'
import { MAX_ROUNDS } from '../tournament/validation'
import type { AutopairLine } from './config-tsh'
import type { FormatProblem } from './problem'

/**
 * How a tsh pairing command's arguments read (before the division's name, which ends them):
 * - `repeats-source`: most repeats, then the source round (NewSwiss, KOTH, RandomPair);
 * - `source`: the source round alone, optional (ChewPair);
 * - `rounds`: how many rounds the schedule pairs at once (InitFontes);
 * - `cycles`: how many times round the field, optional, 1 when left out (RoundRobin).
 */
export const TSH_ARGUMENT_FORMS = ['repeats-source', 'source', 'rounds', 'cycles'] as const
type ArgumentForm = (typeof TSH_ARGUMENT_FORMS)[number]

interface TshCommand {
  /** For `cycles`, the single round robin; two cycles are the double one. */
  readonly system: PairingSystem
  readonly form: ArgumentForm
}

/**
 * The tsh commands Rackside has a system for, by every name tsh accepts. ChewPair is tsh's default
 * Swiss; its contender pairing is the division's contention setting, not a plan step.
 */
const TSH_COMMANDS: Readonly<Record<string, TshCommand>> = {
  ns: { system: 'swiss', form: 'repeats-source' },
  newswiss: { system: 'swiss', form: 'repeats-source' },
  cp: { system: 'swiss', form: 'source' },
  chewpair: { system: 'swiss', form: 'source' },
  koth: { system: 'koth', form: 'repeats-source' },
  rp: { system: 'random', form: 'repeats-source' },
  randompair: { system: 'random', form: 'repeats-source' },
  if: { system: 'fontes', form: 'rounds' },
  initfontes: { system: 'fontes', form: 'rounds' },
  rr: { system: 'round-robin', form: 'cycles' },
  roundrobin: { system: 'round-robin', form: 'cycles' },
  // COP (issue 29): `autopair DIV SR ROUND cop [SR] DIV`, its settings Rackside's own (cop.ts).
  cop: { system: 'cop', form: 'source' },
}

/**
 * Repeats written for "no limit": a pair cannot meet more often than the event has rounds, so a
 * tsh limit this high never binds and reads back as none.
 */
export const NO_REPEAT_LIMIT = MAX_ROUNDS

/** A basis that the line's source round allows: both when they agree (round 1, after a break). */
type Basis = PlanStep['basedOn'] | 'either'

interface Named {
  readonly line: AutopairLine
  readonly system: PairingSystem
  readonly maxRepeats: number | null
  readonly basis: Basis
  /** Initial Fontes: the rounds the command pairs at once. */
  readonly fontesRounds?: number
}

const isCount = (word: string): boolean => /^\d{1,6}$/.test(word)

/** What one line names, or why it names nothing Rackside can follow. */
function readLine(line: AutopairLine, sessionBreaks: readonly number[]): Named | string {
  const command = TSH_COMMANDS[line.command]
  if (command === undefined) return `tsh's "${line.command}" has no Rackside pairing system`
  const args = [...line.args]
  const last = args[args.length - 1]
  if (last !== undefined && !isCount(last)) {
    // tsh runs the command as typed: a line that pairs another division is not this round's plan.
    if (last.toUpperCase() !== line.division.toUpperCase()) {
      return `the command pairs division ${last}, not ${line.division}`
    }
    args.pop()
  }
  if (!args.every(isCount)) return `the arguments "${args.join(' ')}" are not round numbers`
  const numbers = args.map(Number)
  const bases = (['previous', 'lagged'] as const).filter(
    (b) => basisRound(b, line.round, sessionBreaks) === line.sourceRound,
  )
  const basis: Basis | undefined = bases.length === 2 ? 'either' : bases[0]
  if (basis === undefined) {
    return `round ${String(line.round)} is paired on the standings after round ${String(line.sourceRound)}; Rackside pairs on the round before (${String(basisRound('previous', line.round, sessionBreaks))}) or, lagged, the one before that`
  }
  const sourceArgument = (given: number | undefined): string | null =>
    given === undefined || given === line.sourceRound
      ? null
      : `the command pairs on round ${String(given)} but the line waits for round ${String(line.sourceRound)}`
  switch (command.form) {
    case 'repeats-source': {
      const [repeats, source] = numbers
      if (numbers.length !== 2 || repeats === undefined || source === undefined) {
        return `"${line.command}" takes the most repeats and a source round`
      }
      const mismatch = sourceArgument(source)
      if (mismatch !== null) return mismatch
      const maxRepeats = repeats >= NO_REPEAT_LIMIT - 1 ? null : repeats
      return { line, system: command.system, maxRepeats, basis }
    }
    case 'source': {
      if (numbers.length > 1) return `"${line.command}" takes a source round only`
      const mismatch = sourceArgument(numbers[0])
      if (mismatch !== null) return mismatch
      return { line, system: command.system, maxRepeats: null, basis }
    }
    case 'rounds': {
      const [rounds] = numbers
      if (numbers.length !== 1 || rounds === undefined || rounds % 2 === 0) {
        return `Initial Fontes takes an odd number of rounds`
      }
      if (line.round !== 1) return `Initial Fontes pairs the first rounds, from round 1`
      return { line, system: 'fontes', maxRepeats: null, basis, fontesRounds: rounds }
    }
    case 'cycles': {
      const cycles = numbers[0] ?? 1
      if (numbers.length > 1 || cycles < 1 || cycles > 2) {
        return `Rackside's round robins go round the field once or twice, not ${String(cycles)} times`
      }
      const system = cycles === 1 ? command.system : 'double-round-robin'
      return { line, system, maxRepeats: null, basis }
    }
  }
}

export interface AutopairPlan {
  /** The division's steps; null when config.tsh has no autopair line for it (tsh's default). */
  readonly plan: readonly PlanStep[] | null
  /** Lines not followed, with their line number and words. */
  readonly warnings: readonly FormatProblem[]
}

const MANUAL = { system: 'manual', maxRepeats: 0, basis: 'either' } as const

interface Building {
  fromRound: number
  system: PairingSystem
  maxRepeats: number | null
  basis: Basis
  line: number | null
}

const isSchedule = (system: PairingSystem): boolean =>
  system === 'fontes' || system === 'round-robin' || system === 'double-round-robin'

/**
 * The plan a division's autopair lines name. Consecutive rounds paired alike (system, basis and
 * repeats) are one step; a round without a line is paired by hand, unless a schedule laid down
 * by an earlier line (Initial Fontes, round robin) covers it. `rounds` is the event's length when
 * known: rounds after the last line are then paired by hand too, and lines past it are reported.
 */
export function planFromAutopair(
  lines: readonly AutopairLine[],
  division: string,
  rounds: number | undefined,
  sessionBreaks: readonly number[] = [],
): AutopairPlan {
  const mine = lines.filter((l) => l.division.toUpperCase() === division.toUpperCase())
  if (mine.length === 0) return { plan: null, warnings: [] }
  const warnings: FormatProblem[] = []
  const warn = (line: AutopairLine, why: string, then: string): void => {
    warnings.push({
      line: line.line,
      code: 'timport.config.autopair',
      message: `${line.text}: ${why}; ${then}`,
      severity: 'warning',
    })
  }
  const byRound = new Map<number, AutopairLine>()
  for (const line of mine) {
    const earlier = byRound.get(line.round)
    // tsh keeps the last line for a round.
    if (earlier !== undefined)
      warn(earlier, `line ${String(line.line)} pairs the same round`, 'not used')
    byRound.set(line.round, line)
  }
  const lastLine = Math.max(...byRound.keys())
  const end = rounds ?? lastLine
  const steps: Building[] = []
  let fontesEnd = 0
  let fontesLine: Named | null = null
  const add = (round: number, next: Omit<Building, 'fromRound'>): void => {
    const last = steps[steps.length - 1]
    const joins =
      last !== undefined &&
      !isSchedule(next.system) &&
      last.system === next.system &&
      last.maxRepeats === next.maxRepeats &&
      (last.basis === next.basis || last.basis === 'either' || next.basis === 'either')
    if (last !== undefined && joins) {
      if (last.basis === 'either') last.basis = next.basis
    } else {
      steps.push({ fromRound: round, ...next })
    }
  }
  for (let round = 1; round <= end; round++) {
    const line = byRound.get(round)
    const covering = steps[steps.length - 1]
    const scheduled =
      round <= fontesEnd || (covering !== undefined && covering.system.endsWith('round-robin'))
    if (line === undefined) {
      if (!scheduled) add(round, { ...MANUAL, line: null })
      continue
    }
    if (round <= fontesEnd && fontesLine !== null) {
      warn(
        line,
        `Initial Fontes on line ${String(fontesLine.line.line)} pairs this round`,
        'not used',
      )
      continue
    }
    const named = readLine(line, sessionBreaks)
    if (typeof named === 'string') {
      warn(line, named, `round ${String(round)} is paired by hand`)
      add(round, { ...MANUAL, line: line.line })
      continue
    }
    if (named.fontesRounds !== undefined) {
      fontesEnd = named.fontesRounds
      fontesLine = named
    }
    add(round, {
      system: named.system,
      maxRepeats: named.maxRepeats,
      basis: named.basis,
      line: line.line,
    })
  }
  for (const line of byRound.values()) {
    if (line.round > end) {
      warn(line, `the event has ${String(end)} rounds`, 'not used')
    }
  }
  const plan: PlanStep[] = steps.map((s) => ({
    fromRound: s.fromRound,
    system: s.system,
    basedOn: s.basis === 'either' ? 'previous' : s.basis,
    maxRepeats: s.maxRepeats,
  }))
  const info = infoOfLength(Math.max(end, 1))
  const valid = validatePlan(plan, info)
  if (!valid.ok) {
    const index = Number(valid.error.details?.step ?? 1) - 1
    const at = steps[index]?.line ?? mine[0]?.line ?? 1
    warnings.push({
      line: at,
      code: 'timport.config.autopair',
      message: `the autopair lines of division ${division} make no plan Rackside can follow (${valid.error.message}); the automatic plan pairs it`,
      severity: 'warning',
    })
    return { plan: null, warnings }
  }
  const fontesRounds = fontesLine?.fontesRounds
  if (
    fontesLine !== null &&
    fontesRounds !== undefined &&
    fontesSpan(plan, info) !== fontesRounds
  ) {
    warn(
      fontesLine.line,
      `the event is too short for Initial Fontes over ${String(fontesRounds)} rounds`,
      `Rackside pairs it over ${String(fontesSpan(plan, info))}`,
    )
  }
  return { plan: valid.value, warnings }
}

/** Only `rounds` matters to the plan's checks (validatePlan, fontesSpan). */
const infoOfLength = (rounds: number): TournamentInfo => ({
  name: '',
  venue: '',
  startDate: '',
  endDate: '',
  rounds,
})

/**
 * A division's explicit plan as autopair lines, named as config.tsh names the division. An
 * automatic plan (no steps) writes none, nor does a manual step (tsh leaves the round to the
 * director). A system tsh has no command for is written as a comment, so tsh skips it and the
 * director reading the file sees why those rounds are not paired.
 */
export function autopairLines(
  plan: readonly PlanStep[],
  info: TournamentInfo,
  name: string,
): readonly string[] {
  const out: string[] = []
  const breaks = info.sessionBreaks ?? []
  const line = (round: number, step: PlanStep, command: string): string => {
    const source = basisRound(step.basedOn, round, breaks)
    return `autopair ${name} ${String(source)} ${String(round)} ${command.replace('{SR}', String(source))} ${name}`
  }
  plan.forEach((step, i) => {
    const until = Math.min(plan[i + 1]?.fromRound ?? info.rounds + 1, info.rounds + 1)
    const repeats = String(step.maxRepeats ?? NO_REPEAT_LIMIT)
    const each = (command: string): void => {
      for (let round = step.fromRound; round < until; round++) out.push(line(round, step, command))
    }
    switch (step.system) {
      case 'manual':
        return
      case 'fontes':
        out.push(line(step.fromRound, step, `if ${String(fontesSpan(plan, info))}`))
        return
      case 'round-robin':
        out.push(line(step.fromRound, step, 'rr 1'))
        return
      case 'double-round-robin':
        out.push(line(step.fromRound, step, 'rr 2'))
        return
      case 'swiss':
        if (step.neighbours === true) {
          out.push(
            `# ${name} rounds ${String(step.fromRound)}-${String(until - 1)}: Rackside pairs neighbours in a score group; tsh's NewSwiss pairs top half against bottom half`,
          )
        }
        each(`ns ${repeats} {SR}`)
        return
      case 'koth':
        each(`koth ${repeats} {SR}`)
        return
      case 'random':
        each(`rp ${repeats} {SR}`)
        return
      case 'cop':
        each('cop {SR}')
        return
      case 'rating':
      case 'australian':
        out.push(
          `# ${name} rounds ${String(step.fromRound)}-${String(until - 1)}: Rackside's ${step.system} pairing has no tsh command; tsh leaves these rounds to the director`,
        )
        return
    }
  })
  return out
}
