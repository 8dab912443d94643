/**
 * The conformance kit's verifier (issue 29): every round of a tsh `.t`, whoever paired it, checked
 * against the position before it (the rounds before, read as `rackside pair` reads them) and
 * against Rackside's own pairing of that position (`planRound`). A finding is a fault only when a
 * rule is broken or the round is worse than the plan could do on what the rules weigh (repeats,
 * back-to-back repeats); that our plan would simply pair differently is information.
 * The rules: the bye goes to the player with the fewest byes, the lowest ranked of them
 * (rules.md, as `byeOrder` gives it); starts by the preset's rules where they decide (fewer firsts,
 * NSA's more seconds), a draw never wrong.
 */
import type { TDivisionFile, TPlayerLine } from '../../formats/t-file-types'
import type { PlayerId } from '../../results/game-result'
import { PRESETS } from '../../rules/presets'
import { decideStarter, describeStart } from '../../starts/starts'
import { systemWords } from '../../tournament/describe'
import { pairKey, standingsOrder } from '../context'
import { tFileHistory } from '../from-t-file'
import { bandText, canCatch, contention, pairsContention } from '../gibson'
import { byeOrder } from '../pair-round'
import type { PairingPlayer, PastRound } from '../types'
import { FINDING_CODES, type FindingCode } from './codes'
import { planRound, type PlanRoundRequest, type PlannedRound } from './plan-round'

export { FINDING_CODES, type FindingCode }

/** Codes that are information, not a fault: the exit code and the count of faults leave them out. */
const INFORMATION: ReadonlySet<FindingCode> = new Set([
  'verify.plan.differs',
  'verify.round.not-paired',
  'verify.contenders.leader-apart',
])

export interface Finding {
  readonly code: FindingCode
  readonly round: number
  /** The players concerned, as the file numbers them. */
  readonly players: readonly PlayerId[]
  readonly fault: boolean
  /** Plain English naming the round and the players, for the CLI and the logs. */
  readonly message: string
}

export type VerifyRequest = Omit<PlanRoundRequest, 'round' | 'rounds'> & {
  /** Rounds in the event; default the rounds the file has. */
  readonly rounds?: number
}

export interface VerifyReport {
  /** The rounds checked: every round the file has. */
  readonly rounds: number
  readonly findings: readonly Finding[]
  readonly faults: number
}

/** Rounds the file has: the longest player line. */
export const roundsIn = (file: TDivisionFile): number =>
  file.players.reduce((most, line) => Math.max(most, line.opponents.length), 0)

const pairsOf = (round: PastRound | undefined): Set<number> =>
  new Set((round?.pairs ?? []).map(([a, b]) => pairKey(a, b)))

/** Who went first in `round` of the game of `a` and `b` by the file's `p12`; null when unknown. */
function fileStarter(
  lines: ReadonlyMap<PlayerId, TPlayerLine>,
  a: PlayerId,
  b: PlayerId,
  round: number,
) {
  const p12 = lines.get(a)?.tags.find((t) => t.name === 'p12')?.values[round - 1]
  if (p12 === '1') return a
  if (p12 === '2') return b
  return null
}

const ordinalTime = (n: number): string =>
  n === 1 ? 'second' : n === 2 ? 'third' : `${String(n + 1)}th`

interface RoundCheck {
  readonly round: number
  readonly played: PastRound
  readonly before: readonly PastRound[]
  readonly ours: PlannedRound | null
  readonly request: VerifyRequest
  readonly name: (id: PlayerId) => string
  readonly lines: ReadonlyMap<PlayerId, TPlayerLine>
}

type Found = Omit<Finding, 'fault' | 'round'>

function repeatFindings(check: RoundCheck): Found[] {
  const { played, before, ours, name, request } = check
  const met = new Map<number, number[]>()
  for (const past of before) {
    for (const [a, b] of past.pairs)
      met.set(pairKey(a, b), [...(met.get(pairKey(a, b)) ?? []), past.round])
  }
  const ourPairs = pairsOf(
    ours === null
      ? undefined
      : {
          round: 0,
          byes: [],
          pairs: ours.paired.pairings.map((p) => [p.first, p.second] as const),
        },
  )
  const summary = ours?.paired.summary
  const limit =
    request.maxRepeats !== undefined ? request.maxRepeats : (ours?.plan?.step.maxRepeats ?? null)
  const previous = pairsOf(before.find((r) => r.round === check.round - 1))
  const repeated = played.pairs.filter(([a, b]) => (met.get(pairKey(a, b))?.length ?? 0) > 0)
  const over =
    limit === null ? [] : repeated.filter(([a, b]) => (met.get(pairKey(a, b))?.length ?? 0) > limit)
  const backToBack = played.pairs.filter(([a, b]) => previous.has(pairKey(a, b)))
  const found: Found[] = []
  const notOurs = (pairs: readonly (readonly [PlayerId, PlayerId])[]) =>
    pairs.filter(([a, b]) => !ourPairs.has(pairKey(a, b)))
  const meeting = ([a, b]: readonly [PlayerId, PlayerId]) => {
    const rounds = met.get(pairKey(a, b)) ?? []
    return `${name(a)} and ${name(b)} meet for the ${ordinalTime(rounds.length)} time (they met in round${rounds.length === 1 ? '' : 's'} ${rounds.join(', ')})`
  }
  const flagged = new Set<number>()
  if (limit !== null && over.length > (summary?.overLimit ?? 0)) {
    for (const pair of notOurs(over)) {
      flagged.add(pairKey(...pair))
      found.push({
        code: 'verify.repeat.over-limit',
        players: [...pair],
        message: `${meeting(pair)}: over the limit of ${String(limit)} repeat${limit === 1 ? '' : 's'}; our plan pairs the round with ${String(summary?.overLimit ?? 0)} over it`,
      })
    }
  }
  // Without our pairing of the position there is nothing to say a repeat was avoidable.
  if (summary !== undefined && repeated.length > summary.repeats) {
    for (const pair of notOurs(repeated)) {
      if (flagged.has(pairKey(...pair))) continue
      found.push({
        code: 'verify.repeat.avoidable',
        players: [...pair],
        message: `${meeting(pair)}: ${String(repeated.length)} repeats in the round where our plan pairs it with ${String(summary.repeats)}`,
      })
    }
  }
  if (summary !== undefined && backToBack.length > summary.backToBack) {
    for (const pair of notOurs(backToBack)) {
      found.push({
        code: 'verify.repeat.back-to-back',
        players: [...pair],
        message: `${name(pair[0])} and ${name(pair[1])} meet in round ${String(check.round - 1)} and again in round ${String(check.round)}: ${String(backToBack.length)} back-to-back in the round where our plan pairs it with ${String(summary.backToBack)}`,
      })
    }
  }
  return found
}

function byeFindings(check: RoundCheck): Found[] {
  const { played, ours, name, round } = check
  if (ours === null) return []
  // In standings order, as the engine lines up the bye's candidates.
  const pool: PairingPlayer[] = standingsOrder(
    ours.input.players.filter((p) => p.active && (p.firstRound ?? 1) <= round),
  )
  const ourByes = new Set(ours.paired.byes.map((b) => b.player))
  const schedule =
    ours.paired.system === 'round-robin' || ours.paired.system === 'double-round-robin'
  const found: Found[] = []
  const fewest = Math.min(...pool.map((p) => p.byes))
  for (const id of played.byes) {
    const given = pool.find((p) => p.id === id)
    if (given === undefined || ourByes.has(id)) continue
    if (given.byes > fewest) {
      const due = pool.filter((p) => p.byes === fewest)
      const first = byeOrder(due)[0]
      found.push({
        code: 'verify.bye.more-byes',
        players: [id, ...(first === undefined ? [] : [first.id])],
        message: `${name(id)} has the bye after ${String(given.byes)} bye${given.byes === 1 ? '' : 's'} and forfeits while ${String(due.length)} player${due.length === 1 ? '' : 's'} had ${String(fewest)}${first === undefined ? '' : `, the lowest ranked ${name(first.id)} (rank ${String(first.rank)})`}`,
      })
      continue
    }
    // A schedule gives its byes in its own order; only the count is a rule there.
    if (schedule) continue
    const lower = byeOrder(pool.filter((p) => p.byes === fewest))[0]
    if (lower !== undefined && lower.id !== id) {
      found.push({
        code: 'verify.bye.not-lowest',
        players: [id, lower.id],
        message: `${name(id)} (rank ${String(given.rank)}) has the bye where ${name(lower.id)} (rank ${String(lower.rank)}) is below in the standings with as few byes (${String(fewest)})`,
      })
    }
  }
  return found
}

function starterFindings(check: RoundCheck): Found[] {
  const { played, ours, name, round, request, lines } = check
  if (ours === null) return []
  const history = ours.input.starts.history ?? []
  const rules = PRESETS[request.preset]
  const found: Found[] = []
  for (const [a, b] of played.pairs) {
    const first = fileStarter(lines, a, b, round)
    if (first === null) continue
    const decision = decideStarter(a, b, history, rules, { seed: request.seed })
    const { kind } = decision.reason
    // Only where the rules name the starter: a draw (at the table or by a program) is never wrong.
    if (kind !== 'fewer-firsts' && kind !== 'more-seconds') continue
    if (decision.starter === first) continue
    found.push({
      code: 'verify.starter.wrong',
      players: [first, first === a ? b : a],
      message: `${name(first)} went first against ${name(first === a ? b : a)}; ${describeStart(decision, name)} (${rules.name})`,
    })
  }
  return found
}

/**
 * Where the event gibsonizes: a player who has clinched their prize band (shared/pairing/gibson.ts)
 * is kept away from players still playing for a paying place, unless our plan pairs them too.
 */
function gibsonFindings(check: RoundCheck): Found[] {
  const { played, ours, name, round } = check
  const options = ours?.input.gibson
  if (ours === null || options === undefined || options.gibsonize !== true) return []
  if (!pairsContention(ours.paired.system)) return []
  const pool = standingsOrder(
    ours.input.players.filter((p) => p.active && (p.firstRound ?? 1) <= round),
  )
  const standing = contention(pool, ours.input.basedOn, options)
  if (standing === null) return []
  const clinched = new Map(standing.gibsonized.map((g) => [g.player.id, g.band]))
  const ourPairs = new Set(ours.paired.pairings.map((p) => pairKey(p.first, p.second)))
  const found: Found[] = []
  for (const [a, b] of played.pairs) {
    if (ourPairs.has(pairKey(a, b))) continue
    for (const [g, c] of [
      [a, b],
      [b, a],
    ] as const) {
      const band = clinched.get(g)
      if (band === undefined || !standing.contenders.has(c)) continue
      found.push({
        code: 'verify.gibson.contender',
        players: [g, c],
        message: `${name(g)} has clinched ${bandText(band)} (Gibsonized) but plays ${name(c)}, who can still finish in a paying place`,
      })
    }
  }
  return found
}

/**
 * In the contender rounds (the last ones), the leader who can still be caught meets a player who
 * can catch him (issue 29, tsh's ChewPair): a note where the file pairs him with one who cannot
 * and our plan pairs him with one who can.
 */
function leaderFindings(check: RoundCheck): Found[] {
  const { played, ours, name, round } = check
  const options = ours?.input.gibson
  if (ours === null || options === undefined) return []
  if (!pairsContention(ours.paired.system)) return []
  if (round <= options.totalRounds - (options.contenderRounds ?? 0)) return []
  const games = options.totalRounds - ours.input.basedOn
  const pool = standingsOrder(
    ours.input.players.filter((p) => p.active && (p.firstRound ?? 1) <= round),
  )
  const leader = pool[0]
  if (leader === undefined || games <= 0) return []
  const catchers = new Set(
    pool
      .slice(1)
      .filter((p) => canCatch(p, leader, games, options.maxSpreadPerRound))
      .map((p) => p.id),
  )
  const opponent = (pairs: readonly (readonly [PlayerId, PlayerId])[]) => {
    const pair = pairs.find(([a, b]) => a === leader.id || b === leader.id)
    return pair === undefined ? null : pair[0] === leader.id ? pair[1] : pair[0]
  }
  const theirs = opponent(played.pairs)
  const ourPick = opponent(ours.paired.pairings.map((p) => [p.first, p.second] as const))
  if (ourPick === null || !catchers.has(ourPick)) return []
  if (theirs !== null && catchers.has(theirs)) return []
  const left = `${String(games)} game${games === 1 ? '' : 's'}`
  return [
    {
      code: 'verify.contenders.leader-apart',
      players: [leader.id, ...(theirs === null ? [] : [theirs]), ourPick],
      message: `${name(leader.id)} leads with ${left} to play and ${String(catchers.size)} player${catchers.size === 1 ? '' : 's'} can still catch them, but plays ${theirs === null ? 'nobody' : `${name(theirs)}, who cannot`}; our plan pairs them with ${name(ourPick)}`,
    },
  ]
}

function planFindings(check: RoundCheck): Found[] {
  const { played, ours } = check
  if (ours === null) return []
  const ourPairs = pairsOf({
    round: 0,
    byes: [],
    pairs: ours.paired.pairings.map((p) => [p.first, p.second] as const),
  })
  const other = played.pairs.filter(([a, b]) => !ourPairs.has(pairKey(a, b)))
  const ourByes = ours.paired.byes.map((b) => b.player).sort((x, y) => x - y)
  const fileByes = [...played.byes].sort((x, y) => x - y)
  const byesDiffer = ourByes.join(' ') !== fileByes.join(' ')
  if (other.length === 0 && !byesDiffer) return []
  const tables = played.pairs.length
  return [
    {
      code: 'verify.plan.differs',
      players: other.flat(),
      message: `our plan (${systemWords(ours.paired.system)} on round ${String(ours.paired.basedOn)}'s standings) pairs ${String(other.length)} of ${String(tables)} table${tables === 1 ? '' : 's'} differently${byesDiffer ? ' and gives the bye elsewhere' : ''}`,
    },
  ]
}

export function verifyEvent(file: TDivisionFile, request: VerifyRequest): VerifyReport {
  const rounds = roundsIn(file)
  const eventRounds = Math.max(rounds, request.rounds ?? 0)
  const lines = new Map(file.players.map((l) => [l.id, l]))
  const name = (id: PlayerId) => `${lines.get(id)?.name ?? 'player'} (#${String(id)})`
  const history = tFileHistory(file, rounds + 1).rounds
  const findings: Finding[] = []
  for (let round = 1; round <= rounds; round++) {
    const played = history.find((r) => r.round === round) ?? { round, pairs: [], byes: [] }
    const planned = planRound(file, { ...request, round, rounds: eventRounds })
    const check: RoundCheck = {
      round,
      played,
      before: history.filter((r) => r.round < round),
      ours: planned.ok ? planned.value : null,
      request,
      name,
      lines,
    }
    const found: Found[] = [
      ...repeatFindings(check),
      ...byeFindings(check),
      ...starterFindings(check),
      ...gibsonFindings(check),
      ...leaderFindings(check),
      ...planFindings(check),
    ]
    if (!planned.ok) {
      found.push({
        code: 'verify.round.not-paired',
        players: [],
        message: `our plan cannot pair this round from the file's position: ${planned.error.message}`,
      })
    }
    for (const f of found) {
      findings.push({
        ...f,
        round,
        fault: !INFORMATION.has(f.code),
        message: `Round ${String(round)}: ${f.message}`,
      })
    }
  }
  return { rounds, findings, faults: findings.filter((f) => f.fault).length }
}
