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
  /** What the desk checks at the door (NEON 1: an identity tag is shown to enter): "A-12". */
  readonly identity: string
}

export interface NameTags {
  readonly kind: 'name-tags'
  readonly header: ReportHeader
  readonly tags: readonly NameTag[]
}

/** A tag per registered player (withdrawn ones too: they may still come to the hall), by name. */
export function nameTags(state: TournamentState, divisionName: string): Result<NameTags> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const tags = division.value.players
    .map((player) => ({
      id: player.id,
      name: player.name,
      club: player.club,
      memberId: player.memberId,
      identity: `${division.value.name}-${player.id}`,
    }))
    .sort(byName)
  return ok({ kind: 'name-tags', header: reportHeader(state, division.value, null), tags })
}
