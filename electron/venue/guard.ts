/*
 * Who may do what on the authority's databases (issue 21: "A desk may only write its outbox; a
 * projector is read-only"; a desk without approval reads nothing). Writing means replicated
 * documents: every approved desk, a projector too, keeps its replication checkpoint (`_local/…`)
 * on the databases it reads. One decision per request,
 * from the method, the path under `/db` and the desk the token names: the desk's identity comes
 * from its token, never from a document.
 */
import type { PlayerSelf } from '../../shared/authority/proposal'
import { playerMayPropose } from '../../shared/authority/roles'
import { checkLogEntry } from '../../shared/formats/tournament-file'
import { err, ok, type Result } from '../../shared/result'
import type { Command } from '../../shared/tournament/commands'
import type { TournamentState } from '../../shared/tournament/types'
import type { VenueDesk } from '../../shared/venue/protocol'

export const GUARD_ANSWERS = ['allow', 'unauthorized', 'forbidden'] as const
export type GuardAnswer = (typeof GUARD_ANSWERS)[number]

export interface GuardScope {
  /** The current event's log and decisions databases: readable by every approved desk. */
  readonly readable: readonly string[]
  /** The desk's own outbox, when it has one (a projector has none). */
  readonly outbox: string | undefined
}

/** Reads that send a body: PouchDB posts these to read, never to write. */
const READING_POSTS: ReadonlySet<string> = new Set([
  '_all_docs',
  '_bulk_get',
  '_changes',
  '_revs_diff',
])
/** What a desk's push replication posts to its own outbox. */
const OUTBOX_POSTS: ReadonlySet<string> = new Set([
  ...READING_POSTS,
  '_bulk_docs',
  '_ensure_full_commit',
])
/**
 * Never, for anyone: views and design documents run code the client sent inside the authority's
 * process; compaction and cleanup are the authority's business.
 */
const NEVER: ReadonlySet<string> = new Set([
  '_design',
  '_temp_view',
  '_view_cleanup',
  '_compact',
  '_security',
  '_purge',
])

/**
 * `path` is the request path after `/db` (e.g. `/log-t-g1/_changes`), `desk` the approved desk
 * its token names, undefined for no token, an unknown or a revoked one.
 */
export function guardDatabaseRequest(
  method: string,
  path: string,
  desk: VenueDesk | undefined,
  scope: GuardScope,
): GuardAnswer {
  if (desk === undefined) return 'unauthorized'
  const segments = path.split('/').filter((s) => s !== '')
  let decoded: string[]
  try {
    decoded = segments.map((s) => decodeURIComponent(s))
  } catch {
    return 'forbidden'
  }
  const [database, first, ...more] = decoded
  const verb = method.toUpperCase()
  const reading = verb === 'GET' || verb === 'HEAD'
  // The server's root (version, PouchDB asks it); everything else at the top (`_all_dbs`,
  // `_session`, `_replicate`, `_config`, `_uuids`…) is no desk's business.
  if (database === undefined) return reading ? 'allow' : 'forbidden'
  if (database.startsWith('_')) return 'forbidden'
  if (first !== undefined && NEVER.has(first)) return 'forbidden'
  if (more.some((s) => NEVER.has(s))) return 'forbidden'
  if (scope.readable.includes(database)) {
    if (reading) return 'allow'
    // A replication checkpoint (`_local/…`: never replicated, never part of the log). Today's
    // desks keep none (issue 27, pouch-link.ts: each replication reads the changes from the
    // start, two requests a decision fewer); a desk that does keeps it on both sides, so when the
    // authority restarts with its databases rebuilt (their sequence numbers start again), the
    // missing checkpoint here makes it read the changes again from the start.
    if (verb === 'PUT' && first === '_local' && more.length === 1) return 'allow'
    return verb === 'POST' && first !== undefined && more.length === 0 && READING_POSTS.has(first)
      ? 'allow'
      : 'forbidden'
  }
  if (scope.outbox === undefined || database !== scope.outbox) return 'forbidden'
  if (reading) return 'allow'
  // The database itself is the authority's: created at approval, never deleted by a desk.
  if (first === undefined) return verb === 'POST' ? 'allow' : 'forbidden'
  if (verb === 'POST') return more.length === 0 && OUTBOX_POSTS.has(first) ? 'allow' : 'forbidden'
  if (verb !== 'PUT' && verb !== 'DELETE') return 'forbidden'
  // A document or a replication checkpoint (`_local/…`), never another `_` route.
  return !first.startsWith('_') || (first === '_local' && more.length === 1) ? 'allow' : 'forbidden'
}

/**
 * Issue 30: what a player's phone sends (`/me/CODE/propose`, and the "Check in" button's form)
 * before it goes to `decide`: a command as the file reader reads one, a check-in of the player
 * the code opens (`playerMayPropose`: himself, still playing, in a division the director opened to
 * phones that day), for the day the authority says, never another. `self` comes from the code,
 * never from the body. Refused: the command unread (`venue.malformed`) or the rule's refusal.
 */
export function guardPlayerProposal(
  self: PlayerSelf,
  sent: unknown,
  state: TournamentState | undefined,
  day: string,
): Result<Command> {
  const read = checkLogEntry({ seq: 0, at: '1970-01-01T00:00:00.000Z', command: sent }, 0)
  if (!read.ok) {
    return err('venue.malformed', `Not a command: ${read.error.message}`, { details: {} })
  }
  const { command } = read.value
  const allowed = playerMayPropose(self, command, state, day)
  if (!allowed.ok) return allowed
  if (command.type === 'checkIn' && command.day !== day) {
    return err(
      'authority.phone-off',
      `A phone checks its player in for today (${day}) only, not for ${command.day}.`,
      { details: { day: command.day, today: day } },
    )
  }
  return ok(command)
}
