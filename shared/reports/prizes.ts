/**
 * The prizes report (issue 14): who wins each prize of a division's prize table, as the screen,
 * the printed page, the projector and the web pages show it.
 *
 * How prizes are awarded (our reading of tsh's PRiZes command; no code copied):
 * 1. Prizes are awarded in the order the table lists them, one after another, as tsh awards its
 *    `prize` lines in the order config.tsh lists them.
 * 2. For each prize the candidates are ranked: players by their record (a place, a session) or
 *    spread, or by their best qualifying game (high game, high win, high loss, low win), or each
 *    upset win by its rating difference. A prize for the n-th place goes to the first candidates
 *    ranked n-th or lower (tsh: a candidate whose rank is at least the prize's place).
 * 3. With "one prize per player" (an exclusive prize), a player who has already won an exclusive
 *    prize is passed over and the next in line wins it: so a class winner who also places overall
 *    takes the overall prize listed first and the class prize goes to the next player in the class.
 * 4. Candidates level by the table's tie rule share the prize (tsh marks it shared). Players tied
 *    for a place cover the places after it too, so the place prizes of those places are pooled
 *    and split between them, as prize money is usually split: two players tied for 1st share
 *    the 1st and 2nd place prizes, and 3rd place goes to the next player.
 * While rounds remain, the report says who would win "if the event ended now", and for every
 * place prize who can still reach it, from the same best-possible-finish bound as Gibsonization
 * (shared/pairing/gibson.ts).
 */
import { contention } from '../pairing/gibson'
import type { PairingPlayer } from '../pairing/types'
import { ok, type Result } from '../result'
import { gameOutcome, type PlayerId } from '../results/game-result'
import { outcomeKind } from '../results/outcome-letter'
import type { StandingsRow } from '../standings/standings'
import { checkRoundNumber, pairingPlayers, playerName } from '../tournament/lookup'
import { contentionOf } from '../tournament/pairing-rules'
import {
  classNames,
  classOf,
  inGroup,
  prizeTableOf,
  prizeTitle,
  type Prize,
  type PrizeTable,
  type TieRule,
} from '../tournament/prizes'
import type { Division, TournamentState } from '../tournament/types'
import { divisionStandings, findDivision, rankedFrom } from '../tournament/views'
import { reportHeader, type ReportHeader } from './header'
import { playedGames, type PlayedGame } from './game-lists'

export interface PrizeWinner {
  readonly id: PlayerId
  readonly name: string
  /** What won it: "5–1 +412", "Round 3, table 2: 512–388 vs Bob Bell". */
  readonly detail: string
}

export interface PrizeAward {
  /** The prize's number in the table, from 1. */
  readonly number: number
  readonly title: string
  readonly value: string
  /** "shared by 2: $150 each"; null when one player wins it. */
  readonly shared: string | null
  /** Empty when nobody qualifies yet (no game of that kind played). */
  readonly winners: readonly PrizeWinner[]
  /** Players ahead in line who were passed over because they already won a prize. */
  readonly passedOver: readonly string[]
  /**
   * Players level with the winners on the prize's own measure (the record, the score, the rating
   * gap) who lost only on the tie rule's tie-break (spread): issue 19 found a high-game tie given
   * to one player without a word, while the game lists showed both as joint. Empty when none.
   */
  readonly tiedBehind: readonly PrizeWinner[]
}

export interface PlaceContenders {
  readonly title: string
  readonly place: number
  /** Who can still finish in this place or better, with their best and worst finish. */
  readonly players: readonly {
    readonly id: PlayerId
    readonly name: string
    readonly best: number
    readonly worst: number
  }[]
}

export interface PrizesReport {
  readonly kind: 'prizes'
  readonly header: ReportHeader
  /** The last round with every result in: the prizes are worked out as of it. */
  readonly throughRound: number
  readonly roundsLeft: number
  /** "If the event ended now": rounds remain. */
  readonly provisional: boolean
  readonly tieRule: TieRule
  readonly awards: readonly PrizeAward[]
  /** Place prizes only, while rounds remain. */
  readonly contenders: readonly PlaceContenders[]
  /** Each class with its players, in the class order the table sets. */
  readonly classes: readonly { readonly name: string; readonly players: readonly string[] }[]
  /** The order and sharing rules in words, printed under the table. */
  readonly notes: readonly string[]
}

/** One candidate for a prize. `key` compares best first; `tie` says who shares. */
interface Candidate {
  readonly player: PlayerId
  readonly key: readonly number[]
  readonly tie: string
  /** The measure alone, before any tie-break: equal here but not on `tie` = lost on the tie-break. */
  readonly level: string
  /** Worked out only for the winners and those tied behind them, not every candidate. */
  readonly detail: () => string
}

const signedText = (n: number): string => (n > 0 ? `+${n}` : String(n))
/** Wins as the prize pages write them: 3, 2½, 0½. */
export const half = (n: number): string => (Number.isInteger(n) ? String(n) : `${Math.floor(n)}½`)
const record = (w: number, l: number, s: number): string => `${half(w)}–${half(l)} ${signedText(s)}`

/** The last round whose every result is entered (0 when none). */
export function lastCompleteRound(division: Division): number {
  let complete = 0
  for (const round of division.rounds) {
    if (round.results.some((r) => r === null)) break
    complete = round.number
  }
  return complete
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (b[i] ?? 0) - (a[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

export interface Totals {
  wins: number
  losses: number
  spread: number
  games: number
}

/**
 * Wins, losses and spread over `from..to` from the recorded results (byes and forfeits count),
 * read from those rounds alone (issue 33: not through every player's cells of every round).
 */
export function rangeTotals(division: Division, from: number, to: number): Map<PlayerId, Totals> {
  const totals = new Map<PlayerId, Totals>()
  for (const player of division.players) {
    totals.set(player.id, { wins: 0, losses: 0, spread: 0, games: 0 })
  }
  for (const round of division.rounds.slice(from - 1, to)) {
    round.pairings.forEach((pairing, index) => {
      const recorded = round.results[index] ?? null
      if (recorded === null) return
      for (const player of pairingPlayers(pairing)) {
        const t = totals.get(player)
        if (t === undefined) continue
        const outcome = gameOutcome(recorded.result, player)
        const kind = outcomeKind(outcome)
        if (kind === 'none') continue
        t.wins += kind === 'win' ? 1 : kind === 'tie' ? 0.5 : 0
        t.losses += kind === 'loss' ? 1 : kind === 'tie' ? 0.5 : 0
        t.spread += outcome.spread
        t.games += 1
      }
    })
  }
  // A director's spread penalty counts in its round (NSA IV.J.3), as in the standings.
  for (const p of division.penalties) {
    const t = totals.get(p.player)
    if (t !== undefined && p.round >= from && p.round <= to) t.spread -= p.points
  }
  return totals
}

interface Basis {
  readonly division: Division
  readonly table: PrizeTable
  readonly through: number
  readonly rows: readonly StandingsRow[]
  readonly games: readonly PlayedGame[]
}

function gameDetail(g: PlayedGame, division: Division): string {
  return `Round ${g.round}, table ${g.table}: ${g.score}–${g.opponentScore} vs ${playerName(division, g.opponent)}`
}

/** Each player's best game by `better` among those `keep` accepts. */
function bestGames(
  games: readonly PlayedGame[],
  keep: (g: PlayedGame) => boolean,
  better: (a: PlayedGame, b: PlayedGame) => boolean,
): PlayedGame[] {
  const best = new Map<PlayerId, PlayedGame>()
  for (const g of games) {
    if (!keep(g)) continue
    const held = best.get(g.player)
    if (held === undefined || better(g, held)) best.set(g.player, g)
  }
  return [...best.values()]
}

function candidates(prize: Prize, basis: Basis): Candidate[] {
  const { division, table, through, rows, games } = basis
  // Worked out once a player, not once a game (issue 33: 80 000 games at 2000 × 20).
  const members = new Set<PlayerId>(
    division.players.filter((p) => inGroup(table, prize.group, p)).map((p) => p.id),
  )
  const member = (id: PlayerId): boolean => members.has(id)
  const from = prize.rounds?.from ?? 1
  const to = Math.min(prize.rounds?.to ?? through, through)
  // Only the game prizes read the games, each in one pass (issue 33: 80 000 at 2000 × 20).
  const inRange = (g: PlayedGame): boolean => g.round >= from && g.round <= to && member(g.player)
  const byShare = table.ties === 'share'
  const gameCandidate = (g: PlayedGame, key: readonly number[]): Candidate => ({
    player: g.player,
    key: [...key, g.score - g.opponentScore],
    // Under `spread`, the game's spread decides between equal scores.
    tie: byShare ? String(key.join(';')) : `${key.join(';')};${g.score - g.opponentScore}`,
    level: key.join(';'),
    detail: () => gameDetail(g, division),
  })
  switch (prize.kind) {
    case 'place':
      return rows
        .filter((r) => member(r.player))
        .map((r) => ({
          player: r.player,
          key: [r.wins, -r.losses, r.spread],
          tie: byShare ? `${r.wins};${r.losses}` : `${r.wins};${r.losses};${r.spread}`,
          level: `${r.wins};${r.losses}`,
          detail: () => record(r.wins, r.losses, r.spread),
        }))
    case 'high-game':
      return bestGames(games, inRange, (a, b) => a.score > b.score).map((g) =>
        gameCandidate(g, [g.score]),
      )
    case 'high-win':
      return bestGames(
        games,
        (g) => inRange(g) && g.score > g.opponentScore,
        (a, b) => a.score > b.score,
      ).map((g) => gameCandidate(g, [g.score]))
    case 'high-loss':
      return bestGames(
        games,
        (g) => inRange(g) && g.score < g.opponentScore,
        (a, b) => a.score > b.score,
      ).map((g) => gameCandidate(g, [g.score]))
    case 'low-win':
      return bestGames(
        games,
        (g) => inRange(g) && g.score > g.opponentScore,
        (a, b) => a.score < b.score,
      ).map((g) => gameCandidate(g, [-g.score]))
    case 'upset':
      // tsh counts a win over a higher-rated opponent, both rated; the bigger gap ranks first.
      return games
        .filter(
          (g) =>
            inRange(g) && g.score > g.opponentScore && g.rating > 0 && g.opponentRating > g.rating,
        )
        .map((g) => ({
          ...gameCandidate(g, [g.opponentRating - g.rating]),
          detail: () => `${gameDetail(g, division)}, ${g.rating} beat ${g.opponentRating}`,
        }))
    case 'spread':
    case 'session': {
      // Over the whole event, the standings' spread: with its cap and the director's penalties.
      if (prize.kind === 'spread' && prize.rounds === undefined) {
        return rows
          .filter((r) => member(r.player) && r.games > 0)
          .map((r) => ({
            player: r.player,
            key: [r.spread],
            tie: String(r.spread),
            level: String(r.spread),
            detail: () => signedText(r.spread),
          }))
      }
      const totals = rangeTotals(division, from, to)
      const out: Candidate[] = []
      for (const [player, t] of totals) {
        if (!member(player) || t.games === 0) continue
        out.push(
          prize.kind === 'spread'
            ? {
                player,
                key: [t.spread],
                tie: String(t.spread),
                level: String(t.spread),
                detail: () => signedText(t.spread),
              }
            : {
                player,
                key: [t.wins, -t.losses, t.spread],
                tie: byShare ? `${t.wins};${t.losses}` : `${t.wins};${t.losses};${t.spread}`,
                level: `${t.wins};${t.losses}`,
                detail: () => record(t.wins, t.losses, t.spread),
              },
        )
      }
      return out
    }
  }
}

/** A value as money: "$500" -> ["$", 500, ""]; null for "Trophy" or "1,000+TROPHY". */
function money(value: string): readonly [string, number, string] | null {
  // Only a plain amount splits ("$500", "500 EUR"); "1,000+TROPHY" cannot be cut in pieces.
  const m = /^([^\d+&]*?)(\d+(?:\.\d+)?)([^\d+&]*)$/.exec(value.replace(/,/g, ''))
  return m === null ? null : [m[1] ?? '', Number(m[2]), m[3] ?? '']
}

/**
 * How `count` players share the prizes worth `values` (one value, or the pooled values of the
 * places their tie covers): "shared by 2: $150 each", "$100 + $60 pooled, shared by 2: $80 each".
 * Values that are not all money in the same unit are shared without a sum.
 */
export function shareText(values: readonly string[], count: number): string {
  const amounts = values.map(money)
  const [first] = amounts
  const pooled = values.length > 1 ? `${values.join(' + ')} pooled, ` : ''
  const sameUnit =
    first !== null &&
    first !== undefined &&
    amounts.every((a) => a !== null && a[0] === first[0] && a[2] === first[2])
  if (!sameUnit) return `${pooled}shared by ${count}`
  const total = amounts.reduce((t, a) => t + (a?.[1] ?? 0), 0) / count
  const each = Number.isInteger(total) ? String(total) : total.toFixed(2)
  return `${pooled}shared by ${count}: ${first[0]}${each}${first[2]} each`
}

const sameLadder = (a: Prize, b: Prize): boolean =>
  a.kind === 'place' &&
  b.kind === 'place' &&
  JSON.stringify(a.group) === JSON.stringify(b.group) &&
  a.exclusive === b.exclusive

/** Awards every prize of the table in order (the rules at the top of this file). */
export function awardPrizes(basis: Basis): readonly PrizeAward[] {
  const { division, table } = basis
  const holders = new Map<PlayerId, number>()
  /** Place prizes whose value went into an earlier tie's pool: index -> that award. */
  const pooledInto = new Map<number, PrizeAward>()
  const awards: PrizeAward[] = []
  for (const [index, prize] of table.prizes.entries()) {
    const pool = pooledInto.get(index)
    if (pool !== undefined) {
      awards.push({
        ...pool,
        number: index + 1,
        title: prizeTitle(prize),
        value: prize.value,
        shared: `pooled into prize ${pool.number}`,
        passedOver: [],
        tiedBehind: [],
      })
      continue
    }
    const ranked = candidates(prize, basis).sort(
      (a, b) => compareKeys(a.key, b.key) || a.player - b.player,
    )
    // Competition ranks over the tie key (1, 1, 3), as the standings share ranks.
    const ranks: number[] = []
    ranked.forEach((c, i) => {
      const before = ranked[i - 1]
      ranks.push(before !== undefined && before.tie === c.tie ? (ranks[i - 1] ?? 1) : i + 1)
    })
    const winners: Candidate[] = []
    const passedOver: string[] = []
    for (const [i, c] of ranked.entries()) {
      if ((ranks[i] ?? 0) < prize.place) continue
      const first = winners[0]
      if (first !== undefined && first.tie !== c.tie) break
      const held = holders.get(c.player)
      if (prize.exclusive && held !== undefined) {
        if (first === undefined) {
          passedOver.push(`${playerName(division, c.player)} (won prize ${held})`)
        }
        continue
      }
      winners.push(c)
    }
    if (prize.exclusive) for (const w of winners) holders.set(w.player, index + 1)
    // Said, not silent: who was level on the measure and lost only on spread (and could have won).
    const lead = winners[0]
    const after = lead === undefined ? ranked.length : ranked.indexOf(lead)
    const tiedBehind = ranked.filter(
      (c, i) =>
        lead !== undefined &&
        i > after &&
        c.level === lead.level &&
        c.tie !== lead.tie &&
        !(prize.exclusive && holders.has(c.player)) &&
        !winners.includes(c),
    )
    // Players tied for a place also cover the places after it: the later place prizes of the
    // same ladder (places p+1 .. p+n-1) go into the pool they share.
    const pooled: number[] = []
    if (prize.kind === 'place' && winners.length > 1) {
      for (const [j, later] of table.prizes.entries()) {
        if (j <= index || pooledInto.has(j) || !sameLadder(prize, later)) continue
        if (later.place > prize.place && later.place < prize.place + winners.length) pooled.push(j)
      }
    }
    const values = [prize.value, ...pooled.map((j) => table.prizes[j]?.value ?? '')]
    const award: PrizeAward = {
      number: index + 1,
      title: prizeTitle(prize),
      value: prize.value,
      shared: winners.length > 1 ? shareText(values, winners.length) : null,
      winners: winners.map((w) => ({
        id: w.player,
        name: playerName(division, w.player),
        detail: w.detail(),
      })),
      passedOver,
      tiedBehind: tiedBehind.map((c) => ({
        id: c.player,
        name: playerName(division, c.player),
        detail: c.detail(),
      })),
    }
    for (const j of pooled) pooledInto.set(j, award)
    awards.push(award)
  }
  return awards
}

/** Who can still reach each place prize, from gibson.ts's best and worst possible finish. */
function placeContenders(state: TournamentState, basis: Basis): readonly PlaceContenders[] {
  const { division, table, through, rows } = basis
  const gamesLeft = state.info.rounds - through
  if (gamesLeft <= 0) return []
  const settings = contentionOf(division, state.info.rounds)
  const cap = state.rules.results.spreadCapPerGame
  const maxSpread = cap === null ? settings.maxSpread : Math.min(settings.maxSpread, cap)
  const out: PlaceContenders[] = []
  for (const prize of table.prizes) {
    if (prize.kind !== 'place') continue
    const ordered: PairingPlayer[] = rows
      .filter((r) => {
        const player = division.players[r.player - 1]
        if (player === undefined || !inGroup(table, prize.group, player)) return false
        // A player who has withdrawn plays no more games and cannot move up.
        return player.status.kind === 'active'
      })
      .map((r) => ({
        id: r.player,
        name: r.name,
        rating: division.players[r.player - 1]?.rating ?? 0,
        wins: r.wins,
        losses: r.losses,
        spread: r.spread,
        rank: r.rank,
        active: true,
        byes: 0,
        firsts: 0,
        seconds: 0,
      }))
    const bounds = contention(ordered, through, {
      totalRounds: state.info.rounds,
      maxSpreadPerRound: maxSpread,
      prizeBands: [prize.place],
    })
    if (bounds === null) continue
    out.push({
      title: prizeTitle(prize),
      place: prize.place,
      players: ordered
        .filter((p) => (bounds.best.get(p.id) ?? Infinity) <= prize.place)
        .map((p) => ({
          id: p.id,
          name: p.name,
          best: bounds.best.get(p.id) ?? 0,
          worst: bounds.worst.get(p.id) ?? 0,
        })),
    })
  }
  return out
}

/** The prizes of a division as of `round` (or the last round before it with every result in). */
export function prizesReport(
  state: TournamentState,
  divisionName: string,
  round: number,
): Result<PrizesReport> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const checked = checkRoundNumber(state.info, round)
  if (!checked.ok) return checked
  const d = division.value
  const through = Math.min(round, lastCompleteRound(d))
  const table = prizeTableOf(d)
  const players = d.players.filter((p) => rankedFrom(p) <= Math.max(1, through))
  const rows = through === 0 ? [] : divisionStandings(state.rules, d, through, players)
  const basis: Basis = { division: d, table, through, rows, games: playedGames(d, through) }
  const roundsLeft = state.info.rounds - through
  const notes = [
    'Prizes are awarded in the order listed (as tsh awards its prize lines).',
    table.prizes.some((p) => p.exclusive)
      ? 'One prize per player: a player who has already won a prize marked so is passed over for the next in line.'
      : 'A player may win more than one prize.',
    table.ties === 'spread'
      ? 'Ties: spread decides; players level on wins, losses and spread share the prize.'
      : 'Ties: players level on wins and losses (or equal scores) share the prize and split its value.',
    'Players tied for a place share the place prizes of every place their tie covers, pooled.',
  ]
  return ok({
    kind: 'prizes',
    header: reportHeader(state, d, through === 0 ? null : through),
    throughRound: through,
    roundsLeft,
    provisional: roundsLeft > 0,
    tieRule: table.ties,
    awards: awardPrizes(basis),
    contenders: placeContenders(state, basis),
    classes: classNames(table.classes).map((name) => ({
      name,
      players: d.players.filter((p) => classOf(table.classes, p) === name).map((p) => p.name),
    })),
    notes,
  })
}
