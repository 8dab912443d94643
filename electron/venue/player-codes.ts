/*
 * Each player's own code (issue 30): it opens the player's page on the venue network, printed on
 * the scorecard as a QR code and as a short code to type. The authority makes them and keeps them
 * in the desks file beside the desks' passes (`venue-file.ts`), never in the log that every desk
 * replicates: a desk's copy must not hand out every player's page. A code is unguessable (eight
 * characters of the pairing alphabet, without look-alikes: 25^8, about 1.5·10^11) and a device
 * that types wrong codes is locked out after a few, so guessing one of the hall's codes is out of
 * reach. Reissuing one (a lost scorecard) makes the old one stop working; the director may revoke
 * one outright.
 */
import type { RuleError } from '../../shared/result'
import { err, ok, type Result } from '../../shared/result'
import type { Player, TournamentState } from '../../shared/tournament/types'
import { PAIRING_CODE_ALPHABET, type PlayerCodeView } from '../../shared/venue/protocol'

export type { PlayerCodeView } from '../../shared/venue/protocol'
export { codeWords } from '../../shared/venue/player-page'

export const PLAYER_CODE_LENGTH = 8

/** A player's code as the desks file keeps it: the player named by division and stable key. */
export interface StoredPlayerCode {
  readonly division: string
  /** `Player.key`: the same player whatever his number becomes. */
  readonly key: string
  readonly code: string
  /** Revoked by the director: the code opens nothing until one is issued again. */
  readonly revoked: boolean
  /** 1 for the first code, one more at each reissue: the director sees a reprint was made. */
  readonly issue: number
}

/**
 * What a person typed or a QR code carried, as a code: case, spaces and dashes do not matter;
 * anything else (a letter outside the alphabet, a wrong length) is no code at all.
 */
export function normalizeCode(typed: string): string | undefined {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase()
  if (code.length !== PLAYER_CODE_LENGTH) return undefined
  for (const char of code) if (!PAIRING_CODE_ALPHABET.includes(char)) return undefined
  return code
}

/** A new code; `randomBelow(n)` is a whole number from 0 to n−1 (node:crypto's `randomInt`). */
export function newCode(randomBelow: (n: number) => number, taken: ReadonlySet<string>): string {
  for (;;) {
    let code = ''
    for (let i = 0; i < PLAYER_CODE_LENGTH; i++) {
      code += PAIRING_CODE_ALPHABET[randomBelow(PAIRING_CODE_ALPHABET.length)] ?? ''
    }
    if (!taken.has(code)) return code
  }
}

const sameKey = (a: { division: string; key: string }, division: string, key: string): boolean =>
  a.division === division && a.key === key

/** One lookup per player, not a search of every code: the status is made at every result. */
const keyOf = (division: string, key: string): string => `${division}\u0000${key}`
const byPlayer = (codes: readonly StoredPlayerCode[]): ReadonlyMap<string, StoredPlayerCode> =>
  new Map(codes.map((c) => [keyOf(c.division, c.key), c]))

/**
 * Every player of `state` with a code: those who have none get one, the others (revoked ones too)
 * keep theirs. The same list when nobody is new, so the caller writes only what changed.
 */
export function withEveryCode(
  codes: readonly StoredPlayerCode[],
  state: TournamentState | undefined,
  randomBelow: (n: number) => number,
): readonly StoredPlayerCode[] {
  if (state === undefined) return codes
  const taken = new Set(codes.map((c) => c.code))
  const held = byPlayer(codes)
  const added: StoredPlayerCode[] = []
  for (const division of state.divisions) {
    for (const player of division.players) {
      if (held.has(keyOf(division.name, player.key))) continue
      const code = newCode(randomBelow, taken)
      taken.add(code)
      added.push({ division: division.name, key: player.key, code, revoked: false, issue: 1 })
    }
  }
  return added.length === 0 ? codes : [...codes, ...added]
}

/**
 * The player a code opens: none for an unknown or a revoked code, or a player no longer in the
 * event (issue 30, review finding): withdrawn (until reinstated), his registration deleted or
 * moved to another division (issue 32), where a phone would show and do what is no longer his.
 */
export function playerOfCode(
  codes: readonly StoredPlayerCode[],
  state: TournamentState | undefined,
  code: string,
): { readonly division: string; readonly player: Player } | undefined {
  const stored = codes.find((c) => c.code === code && !c.revoked)
  if (stored === undefined || state === undefined) return undefined
  const division = state.divisions.find((d) => d.name === stored.division)
  const player = division?.players.find((p) => p.key === stored.key)
  if (player === undefined || player.deleted === true || player.status.kind === 'withdrawn') {
    return undefined
  }
  return { division: stored.division, player }
}

/** The codes in the divisions' order and the players' numbers, as the director lists them. */
export function codeViews(
  codes: readonly StoredPlayerCode[],
  state: TournamentState | undefined,
): readonly PlayerCodeView[] {
  if (state === undefined) return []
  const views: PlayerCodeView[] = []
  const held = byPlayer(codes)
  for (const division of state.divisions) {
    for (const player of division.players) {
      const stored = held.get(keyOf(division.name, player.key))
      if (stored === undefined) continue
      views.push({
        division: division.name,
        player: player.id,
        name: player.name,
        code: stored.revoked ? null : stored.code,
        issue: stored.issue,
      })
    }
  }
  return views
}

/** What the director asks of one player's code: the player named by division and number. */
export interface CodeChange {
  readonly codes: readonly StoredPlayerCode[]
  readonly state: TournamentState | undefined
  readonly division: string
  readonly player: number
  readonly randomBelow: (n: number) => number
}

/**
 * Every player's code, with `change` made to the one the director named (everyone gets a code
 * first, so the list stays whole); refused when there is no such division or player.
 */
function changeCode(
  { codes, state, division, player, randomBelow }: CodeChange,
  change: (code: StoredPlayerCode, taken: ReadonlySet<string>) => StoredPlayerCode,
): Result<readonly StoredPlayerCode[]> {
  const found = state?.divisions.find((d) => d.name === division)
  if (found === undefined) return err('venue.no-division', `There is no division "${division}".`)
  const named = found.players[player - 1]
  if (named === undefined) {
    return err('venue.no-player', `Division ${division} has no player #${String(player)}.`)
  }
  const everyone = withEveryCode(codes, state, randomBelow)
  const taken = new Set(everyone.map((c) => c.code))
  return ok(everyone.map((c) => (sameKey(c, division, named.key) ? change(c, taken) : c)))
}

/**
 * A new code for the player (a scorecard reprinted, a code seen by someone else): the old one
 * stops working at once; a revoked player gets one again.
 */
export function reissueCode(asked: CodeChange): Result<readonly StoredPlayerCode[]> {
  return changeCode(asked, (c, taken) => ({
    ...c,
    code: newCode(asked.randomBelow, taken),
    revoked: false,
    issue: c.issue + 1,
  }))
}

/** The player's code opens nothing any more, until the director issues one again. */
export function revokeCode(asked: CodeChange): Result<readonly StoredPlayerCode[]> {
  return changeCode(asked, (c) => ({ ...c, revoked: true }))
}

/** A stored code as read back from the desks file, or undefined when it is not one. */
export function isStoredPlayerCode(value: unknown): value is StoredPlayerCode {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v['division'] === 'string' &&
    typeof v['key'] === 'string' &&
    typeof v['code'] === 'string' &&
    normalizeCode(v['code']) === v['code'] &&
    typeof v['revoked'] === 'boolean' &&
    Number.isInteger(v['issue'])
  )
}

/** Wrong codes one device may type in `WRONG_CODE_WINDOW_MS` before it is locked out. */
export const WRONG_CODES_PER_WINDOW = 5
export const WRONG_CODE_WINDOW_MS = 10 * 60 * 1000
/** How long a device that typed too many wrong codes is refused every code, right ones too. */
export const CODE_LOCKOUT_MS = 15 * 60 * 1000

/**
 * The wrong codes each client address typed (issue 30): a device over the limit is refused every
 * code for a while, so no one tries codes by the thousand; the other phones in the hall go on.
 */
export class PlayerCodeLimits {
  private readonly wrong = new Map<string, readonly number[]>()
  private readonly lockedUntil = new Map<string, number>()

  /** Why `address` may not try a code now, or undefined when it may. */
  locked(address: string, nowMs: number): RuleError | undefined {
    const until = this.lockedUntil.get(address)
    if (until === undefined) return undefined
    if (until <= nowMs) {
      this.lockedUntil.delete(address)
      return undefined
    }
    const minutes = Math.ceil((until - nowMs) / 60000)
    return {
      code: 'venue.code-lockout',
      message: `Too many wrong codes from this device: try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}, or ask the director for your code.`,
      details: { address, until },
    }
  }

  /** Counts a wrong code; the one that reaches the limit locks the address out. */
  wrongCode(address: string, nowMs: number): void {
    const recent = [
      ...(this.wrong.get(address) ?? []).filter((at) => at > nowMs - WRONG_CODE_WINDOW_MS),
      nowMs,
    ]
    if (recent.length >= WRONG_CODES_PER_WINDOW) {
      this.wrong.delete(address)
      this.lockedUntil.set(address, nowMs + CODE_LOCKOUT_MS)
      return
    }
    this.wrong.set(address, recent)
  }
}
