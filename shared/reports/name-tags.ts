import { ok, type Result } from '../result'
import type { TournamentState } from '../tournament/types'
import { findDivision } from '../tournament/views'
import { reportHeader, type ReportHeader } from './header'
import { byName } from './pairings'

export interface NameTag {
  readonly id: number
  readonly name: string
  readonly club: string
  readonly memberId: string
  /**
   * What the desk checks at the door where the rules ask for identity tags (NEON, During 1: an
   * identity tag is shown to enter): "A-12"; null when the rules do not (Settings, desk).
   */
  readonly identity: string | null
}

export interface NameTags {
  readonly kind: 'name-tags'
  readonly header: ReportHeader
  readonly tags: readonly NameTag[]
}

/** The identity a NEON-style desk checks: division and player number, as on the name tag. */
export function identityTag(division: string, player: number): string {
  return `${division}-${player}`
}

/** A tag per registered player (withdrawn ones too: they may still come to the hall), by name. */
export function nameTags(state: TournamentState, divisionName: string): Result<NameTags> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  // A deleted or moved registration (issue 32) is nobody's tag: a moved player has his in the other division.
  const tags = division.value.players
    .filter((player) => player.deleted !== true)
    .map((player) => ({
      id: player.id,
      name: player.name,
      club: player.club,
      memberId: player.memberId,
      identity: state.rules.desk.identityTags ? identityTag(division.value.name, player.id) : null,
    }))
    .sort(byName)
  return ok({ kind: 'name-tags', header: reportHeader(state, division.value, null), tags })
}
