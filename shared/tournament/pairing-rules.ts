/**
 * A division's pairing rules beyond the plan (issue 10): prize contention and Gibsonization, and
 * the do-not-pair list (family, club-mates early on, named pairs). Both are plain data stored in
 * the division by their own command, so the log says when the director set them.
 */
import { pairsContention } from '../pairing/gibson'
import type { GibsonOptions } from '../pairing/types'
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import type { Command } from './commands'
import type { Context } from './rounds'
import { stepIndexFor } from './plan'
import type { Division, Player, PlanStep, TournamentInfo } from './types'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

/** Prize contention: who has clinched a prize band, who still plays for one. */
export interface ContentionSettings {
  /** Keep players who have clinched their band away from the contenders (Gibsonization). */
  readonly gibson: boolean
  /** The last place of each paying band, ascending (tsh's `prize_bands`), e.g. [1, 2, 3]. */
  readonly prizeBands: readonly number[]
  /**
   * The most spread one player can gain or lose in one game (tsh's `gibson_spread`). A chaser who
   * wins by this much while the leader loses by as much closes twice it a round.
   */
  readonly maxSpread: number
  /** In the last this many rounds, leaders meet players who can still catch them; 0 = off. */
  readonly contenderRounds: number
}

/**
 * tsh's default `gibson_spread`: 500 a game, so 1,000 points a round between a leader who loses
 * and a chaser who wins. tsh's PairingCommand (MaxSpread, CountGibsons) takes this figure from
 * the NASPA Advisory Board ruling of 25 October 2016, which replaced the older 500 / 700 / 900
 * points over one, two, three rounds with 1,000 a round for any number of rounds. None of our
 * five rule documents covers Gibsonization, so this is tsh's and NASPA's figure, not a preset's.
 */
export const TSH_GIBSON_SPREAD = 500

/**
 * The last rounds paired for the title by default, as tsh's ChewPair does: its default flight cap
 * (how many players at the top are paired as contenders) is 2 with one round left, 4 with two,
 * 8 with three and 12 (the ordinary Swiss) with four or more, so the contender rules shape the
 * last three rounds. The issue's 2024 championship pairs exactly as tsh did with 3.
 */
export const DEFAULT_CONTENDER_ROUNDS = 3

/**
 * A division whose director has not set contention: contenders paired in the last rounds (tsh's
 * ChewPair is its default pairing), Gibsonization off (tsh needs `gibson` set), tsh's spread.
 */
export const DEFAULT_CONTENTION: ContentionSettings = {
  gibson: false,
  prizeBands: [1, 2, 3],
  maxSpread: TSH_GIBSON_SPREAD,
  contenderRounds: DEFAULT_CONTENDER_ROUNDS,
}

/** The default for an event of `rounds` rounds (contender rounds never more than the event). */
export const defaultContention = (rounds: number): ContentionSettings => ({
  ...DEFAULT_CONTENTION,
  contenderRounds: Math.max(0, Math.min(DEFAULT_CONTENDER_ROUNDS, rounds)),
})

export const DO_NOT_PAIR_REASONS = ['family', 'club', 'other'] as const
export type DoNotPairReason = (typeof DO_NOT_PAIR_REASONS)[number]

/** Players none of whom may meet another of them (a family, a named pair). */
export interface DoNotPairGroup {
  readonly players: readonly PlayerId[]
  readonly reason: DoNotPairReason
  /** The director's words ("siblings", "same car pool"); may be empty. */
  readonly note: string
}

export interface DoNotPairList {
  readonly groups: readonly DoNotPairGroup[]
  /** Players of the same club do not meet in rounds 1 to this; 0 = the club does not matter. */
  readonly sameClubRounds: number
}

export const EMPTY_DO_NOT_PAIR: DoNotPairList = { groups: [], sameClubRounds: 0 }

/**
 * The division's contention settings, or the default; given the event's `rounds`, the default's
 * contender rounds fit a short event (a two-round event pairs contenders in both).
 */
export const contentionOf = (division: Division, rounds: number): ContentionSettings =>
  division.contention ?? defaultContention(rounds)

export const doNotPairOf = (division: Division): DoNotPairList =>
  division.doNotPair ?? EMPTY_DO_NOT_PAIR

/** What the pairing engine needs, or undefined when contention is off. */
export function gibsonOptions(
  settings: ContentionSettings,
  info: Pick<TournamentInfo, 'rounds'>,
  spreadCapPerGame: number | null,
): GibsonOptions | undefined {
  if (!settings.gibson && settings.contenderRounds === 0) return undefined
  return {
    totalRounds: info.rounds,
    // A spread cap in the standings limits what one game can move.
    maxSpreadPerRound:
      spreadCapPerGame === null
        ? settings.maxSpread
        : Math.min(settings.maxSpread, spreadCapPerGame),
    prizeBands: settings.prizeBands,
    gibsonize: settings.gibson,
    contenderRounds: Math.min(settings.contenderRounds, info.rounds),
  }
}

function validateContention(
  settings: ContentionSettings,
  info: TournamentInfo,
): Result<ContentionSettings> {
  if (typeof settings.gibson !== 'boolean') {
    return err('contention.gibson.invalid', 'Gibsonization is either on or off.', {
      field: 'gibson',
    })
  }
  const bands = settings.prizeBands
  if (bands.length === 0) {
    return err('contention.bands.empty', 'Give at least one paying place (e.g. 1, 2, 3).', {
      field: 'prizeBands',
    })
  }
  for (const [i, end] of bands.entries()) {
    if (!Number.isInteger(end) || end < 1) {
      return err(
        'contention.bands.invalid',
        `Prize band ${i + 1}: "${String(end)}" is not a place (a whole number from 1).`,
        { field: 'prizeBands', details: { band: i + 1 } },
      )
    }
    const before = bands[i - 1]
    if (before !== undefined && end <= before) {
      return err(
        'contention.bands.order',
        `Prize band ${i + 1} ends at place ${end}, not after band ${i}'s place ${before}: list the bands' last places in increasing order.`,
        { field: 'prizeBands', details: { band: i + 1 } },
      )
    }
  }
  if (!Number.isInteger(settings.maxSpread) || settings.maxSpread < 1) {
    return err(
      'contention.spread.invalid',
      `The most spread of one game is a whole number from 1, not ${String(settings.maxSpread)}.`,
      { field: 'maxSpread' },
    )
  }
  const rounds = settings.contenderRounds
  if (!Number.isInteger(rounds) || rounds < 0 || rounds > info.rounds) {
    return err(
      'contention.rounds.invalid',
      `Contender pairing covers 0 to ${info.rounds} last rounds, not ${String(rounds)}.`,
      { field: 'contenderRounds', details: { rounds: info.rounds } },
    )
  }
  return ok({ ...settings, prizeBands: [...bands] })
}

export function setContention(
  division: Division,
  command: CommandOf<'setContention'>,
  { info }: Context,
): Result<Division> {
  const settings = validateContention(command.contention, info)
  if (!settings.ok) return settings
  return ok({ ...division, contention: settings.value })
}

function validateDoNotPair(
  list: DoNotPairList,
  division: Division,
  info: TournamentInfo,
): Result<DoNotPairList> {
  const rounds = list.sameClubRounds
  if (!Number.isInteger(rounds) || rounds < 0 || rounds > info.rounds) {
    return err(
      'do-not-pair.club-rounds.invalid',
      `Club-mates are kept apart for 0 to ${info.rounds} rounds, not ${String(rounds)}.`,
      { field: 'sameClubRounds', details: { rounds: info.rounds } },
    )
  }
  for (const [i, group] of list.groups.entries()) {
    const where = { group: i + 1 }
    if (!(DO_NOT_PAIR_REASONS as readonly string[]).includes(group.reason)) {
      return err(
        'do-not-pair.reason.unknown',
        `Entry ${i + 1}: "${String(group.reason)}" is not a reason (family, club or other).`,
        { field: 'reason', details: where },
      )
    }
    if (new Set(group.players).size !== group.players.length || group.players.length < 2) {
      return err('do-not-pair.players.few', `Entry ${i + 1} needs two or more different players.`, {
        field: 'players',
        details: where,
      })
    }
    for (const id of group.players) {
      if (division.players[id - 1] === undefined) {
        return err(
          'do-not-pair.players.unknown',
          `Entry ${i + 1}: there is no player #${String(id)} in division ${division.name}.`,
          { field: 'players', details: { ...where, player: id } },
        )
      }
    }
  }
  return ok({
    sameClubRounds: rounds,
    groups: list.groups.map((g) => ({ ...g, players: [...g.players] })),
  })
}

export function setDoNotPair(
  division: Division,
  command: CommandOf<'setDoNotPair'>,
  { info }: Context,
): Result<Division> {
  const list = validateDoNotPair(command.doNotPair, division, info)
  if (!list.ok) return list
  return ok({ ...division, doNotPair: list.value })
}

/** "round 1", "rounds 1–3". */
const firstRounds = (k: number): string => (k === 1 ? 'round 1' : `rounds 1–${k}`)

const clubKey = (player: Player): string => player.club.trim().toLowerCase()

/** Why `a` and `b` must not meet in `round`, in words, or null when they may. */
export function doNotPairReason(
  division: Division,
  round: number,
  a: PlayerId,
  b: PlayerId,
): string | null {
  const list = doNotPairOf(division)
  for (const group of list.groups) {
    if (group.players.includes(a) && group.players.includes(b)) {
      return group.note === '' ? group.reason : `${group.reason}: ${group.note}`
    }
  }
  const pa = division.players[a - 1]
  const pb = division.players[b - 1]
  if (round <= list.sameClubRounds && pa !== undefined && pb !== undefined) {
    const club = clubKey(pa)
    if (club !== '' && club === clubKey(pb)) {
      return `same club (${pa.club.trim()}) in ${firstRounds(list.sameClubRounds)}`
    }
  }
  return null
}

/** Every pair that must not meet in `round`, for the pairing engine's `avoid`. */
export function avoidPairs(division: Division, round: number): [PlayerId, PlayerId][] {
  const list = doNotPairOf(division)
  const seen = new Set<string>()
  const pairs: [PlayerId, PlayerId][] = []
  const add = (x: PlayerId, y: PlayerId): void => {
    const [a, b] = x < y ? [x, y] : [y, x]
    const key = `${a}-${b}`
    if (a === b || seen.has(key)) return
    seen.add(key)
    pairs.push([a, b])
  }
  for (const group of list.groups) {
    for (const [i, a] of group.players.entries()) {
      for (const b of group.players.slice(i + 1)) add(a, b)
    }
  }
  if (round <= list.sameClubRounds) {
    const byClub = new Map<string, PlayerId[]>()
    for (const p of division.players) {
      const club = clubKey(p)
      if (club === '') continue
      byClub.set(club, [...(byClub.get(club) ?? []), p.id])
    }
    for (const members of byClub.values()) {
      for (const [i, a] of members.entries()) for (const b of members.slice(i + 1)) add(a, b)
    }
  }
  return pairs
}

/**
 * "Gibsonization on; prizes: place 1, places 2–3; up to 500 spread a game (1000 a round between
 * two players); contenders paired in the last 3 rounds".
 */
export function describeContention(settings: ContentionSettings): string {
  const bands: string[] = []
  let from = 1
  for (const end of settings.prizeBands) {
    bands.push(from === end ? `place ${end}` : `places ${from}–${end}`)
    from = end + 1
  }
  const contenders =
    settings.contenderRounds === 0
      ? 'no contender pairing'
      : `contenders paired in the last ${settings.contenderRounds} round${settings.contenderRounds === 1 ? '' : 's'}`
  return `Gibsonization ${settings.gibson ? 'on' : 'off'}; prizes: ${bands.join(', ')}; up to ${settings.maxSpread} spread a game (${2 * settings.maxSpread} a round between two players); ${contenders}`
}

/**
 * The rounds the contention rules pair for the title, in words for the Rounds screen beside the
 * plan: "Rounds 10–12 also pair for the title: …", or why none do. `plan` is the plan the
 * division is paired by (the automatic one included).
 */
export function describeContenderRounds(
  settings: ContentionSettings,
  plan: readonly PlanStep[],
  rounds: number,
): string {
  const k = Math.min(settings.contenderRounds, rounds)
  if (k <= 0) return 'No contender pairing in the last rounds.'
  const paired: number[] = []
  for (let round = rounds - k + 1; round <= rounds; round++) {
    const step = plan[stepIndexFor(plan, round)]
    if (step !== undefined && pairsContention(step.system)) paired.push(round)
  }
  const first = paired[0]
  const last = paired[paired.length - 1]
  if (first === undefined || last === undefined) {
    return `No contender pairing: the last ${k === 1 ? 'round follows' : `${k} rounds follow`} a schedule or a draw.`
  }
  const span = first === last ? `Round ${first}` : `Rounds ${first}–${last}`
  const verb = first === last ? 'also pairs' : 'also pair'
  const final =
    last === rounds ? ', and in the final round #1 meets one whenever anyone can catch them' : ''
  return `${span} ${verb} for the title: whoever holds a paying place meets a player who can still catch them${final} (contender pairing, as tsh's ChewPair).`
}

/** The list in words, naming players with `name`. */
export function describeDoNotPair(list: DoNotPairList, name: (id: PlayerId) => string): string {
  const parts = list.groups.map(
    (g) =>
      `${g.players.map(name).join(', ')} (${g.note === '' ? g.reason : `${g.reason}: ${g.note}`})`,
  )
  if (list.sameClubRounds > 0) {
    parts.push(`club-mates apart in ${firstRounds(list.sameClubRounds)}`)
  }
  return parts.length === 0 ? 'nobody' : parts.join('; ')
}
