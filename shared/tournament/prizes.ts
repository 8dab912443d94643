/**
 * A division's prize table (issue 14): the prizes in the order the director awards them, how ties
 * are shared, the rating classes within the division and the players flagged junior or newcomer.
 * It is plain data set by one command (`setPrizes`), so the log says when the table changed; who
 * wins what is worked out from the results by shared/reports/prizes.ts.
 *
 * The model follows tsh's `prize` lines (our reading of tsh's PRiZes command, no code copied):
 * - a prize has a type, a place within its type (tsh's subtype: 1 = the best, 2 = the next …),
 *   the division, a value, optional rounds (`first`/`last`), a class restriction (`class=B`) and an
 *   exclusive group (`exclusive=A`);
 * - prizes are awarded one after another in the order they are listed, and a player who has won
 *   an exclusive prize is passed over by every later exclusive prize: the next player in line
 *   gets it. Rackside has one exclusive group per division ("one prize per player").
 */
import { ordinal } from '../pairing/gibson'
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import type { Command } from './commands'
import type { Context } from './rounds'
import type { Division, Player, TournamentInfo } from './types'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

/**
 * - `place`: a place in the standings (of the class or flag group when the prize has one);
 * - `high-game`: each player's highest score in any game, won or not (tsh has no such type);
 * - `high-win`, `high-loss`, `low-win`: each player's best such game, compared across players
 *   (tsh's highwin, highloss, lowwin);
 * - `upset`: a win over a higher-rated opponent, by rating difference (tsh's upset);
 * - `spread`: the most spread over the rounds counted (tsh's spread);
 * - `session`: the best record (wins, then losses, then spread) over a range of rounds, a session
 *   (tsh's roundrecord).
 */
export const PRIZE_KINDS = [
  'place',
  'high-game',
  'high-win',
  'high-loss',
  'low-win',
  'upset',
  'spread',
  'session',
] as const
export type PrizeKind = (typeof PRIZE_KINDS)[number]

export const PRIZE_KIND_LABELS: Readonly<Record<PrizeKind, string>> = {
  place: 'Place',
  'high-game': 'High game',
  'high-win': 'High game (win)',
  'high-loss': 'High loss',
  'low-win': 'Low win',
  upset: 'Biggest upset',
  spread: 'Best spread',
  session: 'Most wins in a session',
}

/** Flags a director sets on players for prizes (tsh does this with class tags). */
export const PLAYER_FLAGS = ['junior', 'newcomer'] as const
export type PlayerFlag = (typeof PLAYER_FLAGS)[number]

/** Who may win a prize: everyone in the division, one rating class, or flagged players. */
export type PrizeGroup =
  | { readonly kind: 'all' }
  | { readonly kind: 'class'; readonly name: string }
  | { readonly kind: 'flag'; readonly flag: PlayerFlag }

export interface RoundRange {
  readonly from: number
  readonly to: number
}

export interface Prize {
  readonly kind: PrizeKind
  /** 1 = the best of its kind (1st place, the highest win), 2 = the next, … (tsh's subtype). */
  readonly place: number
  readonly group: PrizeGroup
  /** What the winner gets, as the director writes it ("$500", "Trophy"). */
  readonly value: string
  /** The rounds counted; absent = every round. A session prize always has them. */
  readonly rounds?: RoundRange
  /** Takes part in "one prize per player": a player who has one is passed over for this one. */
  readonly exclusive: boolean
}

/**
 * How a tie for a prize is shared:
 * - `spread`: the standings decide (wins, losses, then spread; a game prize by that game's
 *   spread); only players level on all of them share the prize;
 * - `share`: players level on wins and losses (or on the game's score) share it whatever their
 *   spread, and a money value is split between them.
 */
export const TIE_RULES = ['spread', 'share'] as const
export type TieRule = (typeof TIE_RULES)[number]

export interface RatingBand {
  readonly name: string
  /** A player rated this or more, and below the band above, is in the class. */
  readonly minRating: number
}

/** Rating classes within a division: none, by rating bands, or each player by hand (tsh `class`). */
export type ClassSetting =
  | { readonly kind: 'none' }
  | { readonly kind: 'rating'; readonly bands: readonly RatingBand[] }
  | {
      readonly kind: 'manual'
      readonly members: readonly { readonly player: PlayerId; readonly name: string }[]
    }

export interface FlaggedPlayer {
  readonly player: PlayerId
  readonly flag: PlayerFlag
}

export interface PrizeTable {
  /** In the order they are awarded. */
  readonly prizes: readonly Prize[]
  readonly ties: TieRule
  readonly classes: ClassSetting
  readonly flags: readonly FlaggedPlayer[]
}

export const EMPTY_PRIZE_TABLE: PrizeTable = {
  prizes: [],
  ties: 'spread',
  classes: { kind: 'none' },
  flags: [],
}

export const prizeTableOf = (division: Division): PrizeTable => division.prizes ?? EMPTY_PRIZE_TABLE

/** The class names the setting defines, in its order. */
export function classNames(classes: ClassSetting): readonly string[] {
  switch (classes.kind) {
    case 'none':
      return []
    case 'rating':
      return classes.bands.map((b) => b.name)
    case 'manual':
      return [...new Set(classes.members.map((m) => m.name))]
  }
}

/** The player's class, or null when they have none. */
export function classOf(classes: ClassSetting, player: Player): string | null {
  switch (classes.kind) {
    case 'none':
      return null
    case 'rating': {
      // Bands from the highest floor down: a player is in the first band they reach.
      const bands = [...classes.bands].sort((a, b) => b.minRating - a.minRating)
      return bands.find((b) => player.rating >= b.minRating)?.name ?? null
    }
    case 'manual':
      return classes.members.find((m) => m.player === player.id)?.name ?? null
  }
}

/** Whether the player may win a prize of `group`. */
export function inGroup(table: PrizeTable, group: PrizeGroup, player: Player): boolean {
  switch (group.kind) {
    case 'all':
      return true
    case 'class':
      return classOf(table.classes, player) === group.name
    case 'flag':
      return table.flags.some((f) => f.player === player.id && f.flag === group.flag)
  }
}

export function groupText(group: PrizeGroup): string {
  switch (group.kind) {
    case 'all':
      return ''
    case 'class':
      return `Class ${group.name}`
    case 'flag':
      return group.flag === 'junior' ? 'Junior' : 'Newcomer'
  }
}

/** "Class B 1st place", "High game (win), rounds 1–4", "2nd best spread". */
export function prizeTitle(prize: Prize): string {
  const group = groupText(prize.group)
  const base =
    prize.kind === 'place'
      ? `${ordinal(prize.place)} place`
      : prize.place === 1
        ? PRIZE_KIND_LABELS[prize.kind]
        : `${PRIZE_KIND_LABELS[prize.kind]}: ${ordinal(prize.place)}`
  const rounds =
    prize.rounds === undefined
      ? ''
      : prize.rounds.from === prize.rounds.to
        ? `, round ${prize.rounds.from}`
        : `, rounds ${prize.rounds.from}–${prize.rounds.to}`
  return `${group === '' ? '' : `${group} `}${base}${rounds}`
}

const fail = (code: string, message: string, prize?: number): Result<never> =>
  err(code, message, prize === undefined ? {} : { details: { prize } })

function validatePrize(
  prize: Prize,
  i: number,
  names: ReadonlySet<string>,
  info: TournamentInfo,
): Result<Prize> {
  const at = `Prize ${i + 1}`
  if (!(PRIZE_KINDS as readonly string[]).includes(prize.kind)) {
    return fail('prizes.kind.unknown', `${at}: "${String(prize.kind)}" is not a kind of prize.`, i)
  }
  if (!Number.isInteger(prize.place) || prize.place < 1) {
    return fail(
      'prizes.place.invalid',
      `${at}: the place is a whole number from 1, not ${String(prize.place)}.`,
      i,
    )
  }
  if (prize.value.trim() === '') {
    return fail('prizes.value.empty', `${at}: say what the winner gets ("$100", "Trophy").`, i)
  }
  if (prize.group.kind === 'class' && !names.has(prize.group.name)) {
    return fail(
      'prizes.class.unknown',
      `${at}: there is no class "${prize.group.name}" (classes: ${[...names].join(', ') || 'none'}).`,
      i,
    )
  }
  if (
    prize.group.kind === 'flag' &&
    !(PLAYER_FLAGS as readonly string[]).includes(prize.group.flag)
  ) {
    return fail('prizes.flag.unknown', `${at}: "${String(prize.group.flag)}" is not a flag.`, i)
  }
  if (prize.kind === 'session' && prize.rounds === undefined) {
    return fail('prizes.rounds.missing', `${at}: a session prize needs its rounds (e.g. 1–4).`, i)
  }
  const r = prize.rounds
  if (r !== undefined) {
    const fits = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= info.rounds
    if (!fits(r.from) || !fits(r.to) || r.from > r.to) {
      return fail(
        'prizes.rounds.invalid',
        `${at}: rounds ${String(r.from)}–${String(r.to)} are not a range within rounds 1–${info.rounds}.`,
        i,
      )
    }
  }
  return ok({ ...prize, value: prize.value.trim() })
}

function validateClasses(classes: ClassSetting, division: Division): Result<ClassSetting> {
  switch (classes.kind) {
    case 'none':
      return ok(classes)
    case 'rating': {
      const seen = new Set<string>()
      for (const [i, band] of classes.bands.entries()) {
        const name = band.name.trim()
        if (name === '' || seen.has(name)) {
          return err(
            'prizes.classes.name',
            `Class ${i + 1}: give each class its own name (e.g. A, B, C).`,
          )
        }
        seen.add(name)
        if (!Number.isInteger(band.minRating) || band.minRating < 0) {
          return err(
            'prizes.classes.rating',
            `Class ${name}: the lowest rating is a whole number from 0, not ${String(band.minRating)}.`,
          )
        }
      }
      return ok({
        kind: 'rating',
        bands: classes.bands.map((b) => ({ ...b, name: b.name.trim() })),
      })
    }
    case 'manual': {
      const seen = new Set<PlayerId>()
      for (const m of classes.members) {
        if (division.players[m.player - 1] === undefined) {
          return err(
            'prizes.classes.player',
            `Classes: there is no player #${String(m.player)} in division ${division.name}.`,
          )
        }
        if (seen.has(m.player) || m.name.trim() === '') {
          return err(
            'prizes.classes.member',
            `Classes: player #${m.player} needs exactly one class with a name.`,
          )
        }
        seen.add(m.player)
      }
      return ok({
        kind: 'manual',
        members: classes.members.map((m) => ({ player: m.player, name: m.name.trim() })),
      })
    }
  }
}

export function validatePrizeTable(
  table: PrizeTable,
  division: Division,
  info: TournamentInfo,
): Result<PrizeTable> {
  if (!(TIE_RULES as readonly string[]).includes(table.ties)) {
    return err('prizes.ties.unknown', `"${String(table.ties)}" is not a way to share ties.`)
  }
  const classes = validateClasses(table.classes, division)
  if (!classes.ok) return classes
  for (const f of table.flags) {
    if (division.players[f.player - 1] === undefined) {
      return err(
        'prizes.flags.player',
        `Flags: there is no player #${String(f.player)} in division ${division.name}.`,
      )
    }
    if (!(PLAYER_FLAGS as readonly string[]).includes(f.flag)) {
      return err('prizes.flags.unknown', `Flags: "${String(f.flag)}" is not a flag.`)
    }
  }
  const names = new Set(classNames(classes.value))
  const prizes: Prize[] = []
  for (const [i, prize] of table.prizes.entries()) {
    const checked = validatePrize(prize, i, names, info)
    if (!checked.ok) return checked
    prizes.push(checked.value)
  }
  const flags = table.flags.filter(
    (f, i) => table.flags.findIndex((g) => g.player === f.player && g.flag === f.flag) === i,
  )
  return ok({ prizes, ties: table.ties, classes: classes.value, flags })
}

export function setPrizes(
  division: Division,
  command: CommandOf<'setPrizes'>,
  { info }: Context,
): Result<Division> {
  const table = validatePrizeTable(command.prizes, division, info)
  if (!table.ok) return table
  return ok({ ...division, prizes: table.value })
}

/** "3 prizes (1st place $500, …); ties by spread; classes A, B". */
export function describePrizeTable(table: PrizeTable): string {
  const count = table.prizes.length
  const list = table.prizes.map((p) => `${prizeTitle(p)} ${p.value}`).join(', ')
  const classes = classNames(table.classes)
  const parts = [
    count === 0 ? 'no prizes' : `${count} prize${count === 1 ? '' : 's'} (${list})`,
    table.ties === 'spread' ? 'ties broken by spread' : 'ties shared',
  ]
  if (classes.length > 0) parts.push(`classes ${classes.join(', ')}`)
  return parts.join('; ')
}

/**
 * Whether a new prize of `kind` starts as "one prize per player". Place prizes do: the common
 * announcement (and tsh's `exclusive=` as directors use it on `rank` lines) is that a player takes
 * only the best place prize they reach, so the money goes further down the standings. Prizes for
 * a game or a run of rounds (high game, upsets, spread, a session) do not: they reward one
 * performance, are usually announced "in addition to place prizes", and tsh makes no prize
 * exclusive unless its line says so. Issue 19 found them all ticked by default.
 */
export function defaultExclusive(kind: PrizeKind): boolean {
  switch (kind) {
    case 'place':
      return true
    case 'high-game':
    case 'high-win':
    case 'high-loss':
    case 'low-win':
    case 'upset':
    case 'spread':
    case 'session':
      return false
  }
}

const sameGroup = (a: PrizeGroup, b: PrizeGroup): boolean => groupText(a) === groupText(b)

/**
 * The place a new prize of `kind` open to `group` takes: one past the prizes of that kind and
 * group already listed, so a class prize numbers its places within the class ("Class B 1st
 * place"), not after the overall places (issue 19), as tsh's `prize rank 1 A … class=B` does.
 */
export function nextPlace(
  prizes: readonly Pick<Prize, 'kind' | 'group'>[],
  kind: PrizeKind,
  group: PrizeGroup,
): number {
  return prizes.filter((p) => p.kind === kind && sameGroup(p.group, group)).length + 1
}

/**
 * The prize table `source` set up for another division `target`: the same prizes, tie rule and
 * rating bands; a division's classes set by hand and its junior/newcomer flags name its own
 * players, so the target keeps its own (a class prize the target has no class for is refused by
 * setPrizes, naming the prize).
 */
export function prizeTableFor(source: PrizeTable, target: PrizeTable): PrizeTable {
  const classes = source.classes.kind === 'manual' ? target.classes : source.classes
  return { prizes: source.prizes, ties: source.ties, classes, flags: target.flags }
}
