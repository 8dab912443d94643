/**
 * A federation's ratings and membership list, read from a file (issue 32: files only, no network).
 *
 * - `tsh`: the list tsh reads as `lib/ratings/<list>/current.txt` (its `ratings/nsa` from NASPA,
 *   `ratings/wespa` for WESPA), as tsh's Ratings.pm `LoadFileToHash` reads it: UTF-8, one member
 *   a line, fields split by tabs; a first line without a digit is a header naming the fields,
 *   else the fields are `name rating rank expiry games`. tsh keys a member by his name in capitals
 *   with the comma taken out and a `(EXP)` or `(GM)` mark dropped (`nameKey`).
 * - `csv`: a club's or federation's own list, a header row in any column order: member id, name,
 *   rating, expiry, status (`suspended`, else a member in good standing).
 *
 * Expiry dates are read as YYYY-MM-DD or YYYYMMDD. A line that cannot be read refuses the whole
 * list, naming the line and the field, so a list is never half taken.
 */
import { err, ok, type Result } from '../result'
import { detectDelimiter, parseCsv } from '../formats/csv-players'
import type { PlayerId } from '../results/game-result'
import type { Command } from '../tournament/commands'
import type { Division, TournamentState } from '../tournament/types'
import { MAX_RATING } from '../tournament/validation'

export const RATINGS_LIST_FORMATS = ['tsh', 'csv'] as const
export type RatingsListFormat = (typeof RATINGS_LIST_FORMATS)[number]

export const MEMBER_STATUSES = ['member', 'suspended'] as const
export type MemberStatus = (typeof MEMBER_STATUSES)[number]

export interface ListedMember {
  /** The line of the file the member was read from (1 = the first line). */
  readonly line: number
  /** The federation's member id, '' when the list has none (tsh's lists are keyed by name). */
  readonly id: string
  readonly name: string
  readonly rating: number
  /** Rated games so far (tsh's `games`), when the list gives them. */
  readonly games: number | null
  /** The last day of membership, YYYY-MM-DD, when the list gives one. */
  readonly expiry: string | null
  readonly status: MemberStatus
}

export interface RatingsList {
  readonly format: RatingsListFormat
  readonly members: readonly ListedMember[]
}

/** The most lines a list may have: NASPA's and WESPA's lists hold some tens of thousands. */
export const MAX_LIST_LINES = 200_000

/** A name as tsh keys it: capitals, commas out, `(EXP)`/`(GM)` marks dropped, spaces single. */
export function nameKey(name: string): string {
  return name
    .toUpperCase()
    .replace(/\((?:EXP|GM)\)/g, '')
    .replace(/,/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const problem = (line: number, field: string, message: string): Result<never> =>
  err('ratings-list.line', `Line ${String(line)}, ${field}: ${message}`, {
    line,
    field,
    details: { line, field },
  })

function readRating(text: string, line: number): Result<number> {
  const trimmed = text.trim()
  if (trimmed === '') return ok(0)
  if (!/^\d{1,4}$/.test(trimmed) || Number(trimmed) > MAX_RATING) {
    return problem(
      line,
      'rating',
      `“${trimmed}” is not a whole rating from 0 to ${String(MAX_RATING)}`,
    )
  }
  return ok(Number(trimmed))
}

function readGames(text: string | undefined, line: number): Result<number | null> {
  const trimmed = (text ?? '').trim()
  if (trimmed === '') return ok(null)
  if (!/^\d{1,6}$/.test(trimmed)) return problem(line, 'games', `“${trimmed}” is not a count`)
  return ok(Number(trimmed))
}

function readExpiry(text: string | undefined, line: number): Result<string | null> {
  const trimmed = (text ?? '').trim()
  if (trimmed === '') return ok(null)
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(trimmed)
  const [, y = '', m = '', d = ''] = match ?? []
  const month = Number(m)
  const day = Number(d)
  if (match === null || month < 1 || month > 12 || day < 1 || day > 31) {
    return problem(line, 'expiry', `“${trimmed}” is not a date (YYYY-MM-DD or YYYYMMDD)`)
  }
  return ok(`${y}-${m}-${d}`)
}

function readStatus(text: string | undefined, line: number): Result<MemberStatus> {
  const word = (text ?? '').trim().toLowerCase()
  if (word === '' || word === 'member' || word === 'active' || word === 'current') {
    return ok('member')
  }
  if (word === 'suspended') return ok('suspended')
  return problem(line, 'status', `“${word}” is neither “member” nor “suspended”`)
}

function readName(text: string | undefined, line: number): Result<string> {
  const name = (text ?? '').replace(/\s+/g, ' ').trim()
  return name === '' ? problem(line, 'name', 'the name is empty') : ok(name)
}

/** One member's fields, whichever format's cells they come from (`cell` by field name). */
function readMember(
  line: number,
  id: string,
  cell: (field: string) => string | undefined,
): Result<ListedMember> {
  const name = readName(cell('name'), line)
  if (!name.ok) return name
  const rating = readRating(cell('rating') ?? '', line)
  if (!rating.ok) return rating
  const games = readGames(cell('games'), line)
  if (!games.ok) return games
  const expiry = readExpiry(cell('expiry'), line)
  if (!expiry.ok) return expiry
  const status = readStatus(cell('status'), line)
  if (!status.ok) return status
  return ok({
    line,
    id,
    name: name.value,
    rating: rating.value,
    games: games.value,
    expiry: expiry.value,
    status: status.value,
  })
}

const TSH_DEFAULT_FIELDS = ['name', 'rating', 'rank', 'expiry', 'games'] as const

/** tsh's list (Ratings.pm `LoadFileToHash`): tab-separated, an optional header line. */
function parseTshList(text: string): Result<RatingsList> {
  const lines = text.split(/\r\n|\n|\r/)
  let fields: readonly string[] = TSH_DEFAULT_FIELDS
  const members: ListedMember[] = []
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? ''
    const number = i + 1
    if (number === 1 && !/\d/.test(raw)) {
      fields = raw.split('\t').map((f) => f.trim().toLowerCase())
      if (!fields.includes('name')) return problem(1, 'header', 'no “name” column')
      continue
    }
    if (raw.trim() === '') continue
    const cells = raw.split('\t')
    const cell = (field: string): string | undefined => {
      const at = fields.indexOf(field)
      return at < 0 ? undefined : cells[at]
    }
    const member = readMember(number, (cell('id') ?? '').trim(), cell)
    if (!member.ok) return member
    members.push(member.value)
  }
  return ok({ format: 'tsh', members })
}

/** The CSV columns by their header words (case, spaces and punctuation aside). */
const CSV_HEADERS: Readonly<
  Record<string, 'id' | 'name' | 'rating' | 'expiry' | 'status' | 'games'>
> = {
  memberid: 'id',
  id: 'id',
  member: 'id',
  membernumber: 'id',
  naspaid: 'id',
  wespaid: 'id',
  name: 'name',
  player: 'name',
  rating: 'rating',
  expiry: 'expiry',
  expires: 'expiry',
  expirydate: 'expiry',
  membershipexpiry: 'expiry',
  status: 'status',
  games: 'games',
}

function parseCsvList(text: string): Result<RatingsList> {
  const { records, problem: broken } = parseCsv(text, detectDelimiter(text))
  if (broken !== null) return problem(broken.line, 'quotes', broken.message)
  const [head, ...rows] = records
  if (head === undefined) return err('ratings-list.empty', 'The list is empty.')
  const columns = new Map<string, number>()
  head.fields.forEach((title, at) => {
    const field = CSV_HEADERS[title.toLowerCase().replace(/[^a-z]/g, '')]
    if (field !== undefined && !columns.has(field)) columns.set(field, at)
  })
  for (const needed of ['id', 'name', 'rating'] as const) {
    if (!columns.has(needed)) {
      return problem(
        head.line,
        'header',
        `no column for the member ${needed === 'id' ? 'id' : needed}`,
      )
    }
  }
  const members: ListedMember[] = []
  for (const row of rows) {
    if (row.fields.every((f) => f.trim() === '')) continue
    const cell = (field: string): string | undefined => {
      const at = columns.get(field)
      return at === undefined ? undefined : row.fields[at]
    }
    const id = (cell('id') ?? '').trim()
    if (id === '') return problem(row.line, 'member id', 'the member id is empty')
    const member = readMember(row.line, id, cell)
    if (!member.ok) return member
    members.push(member.value)
  }
  return ok({ format: 'csv', members })
}

/** Reads a list in the format the director chose; refused as a whole at its first bad line. */
export function parseRatingsList(text: string, format: RatingsListFormat): Result<RatingsList> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  let count = 1
  for (let i = body.indexOf('\n'); i >= 0; i = body.indexOf('\n', i + 1)) count++
  if (count > MAX_LIST_LINES) {
    return err(
      'ratings-list.too-long',
      `The list has ${String(count)} lines; at most ${String(MAX_LIST_LINES)} are read.`,
      { details: { lines: count } },
    )
  }
  switch (format) {
    case 'tsh':
      return parseTshList(body)
    case 'csv':
      return parseCsvList(body)
  }
}

/** A list ready to look members up in: by member id, and by name as tsh keys it. */
export interface MemberIndex {
  readonly byId: ReadonlyMap<string, ListedMember>
  readonly byName: ReadonlyMap<string, ListedMember>
}

/** The list's members by id and by name; a later line for the same one wins, as in tsh. */
export function indexMembers(list: RatingsList): MemberIndex {
  const byId = new Map<string, ListedMember>()
  const byName = new Map<string, ListedMember>()
  for (const member of list.members) {
    if (member.id !== '') byId.set(member.id.toUpperCase(), member)
    byName.set(nameKey(member.name), member)
  }
  return { byId, byName }
}

/**
 * The member a player is: by his member id when he has one and the list has ids, else by his
 * name as tsh matches it ("Smith, John" and "SMITH JOHN" are one); undefined when not listed.
 */
export function findMember(
  index: MemberIndex,
  player: { readonly memberId: string; readonly name: string },
): ListedMember | undefined {
  const id = player.memberId.trim().toUpperCase()
  if (id !== '' && index.byId.size > 0) return index.byId.get(id)
  return index.byName.get(nameKey(player.name))
}

/**
 * Why a player's registration needs a look before the event (issue 32; tsh's USERATINGS warns
 * the same, and NASPA refuses results with non-members): not on the list, membership expired by
 * the event's first day, or suspended.
 */
export type MemberWarning =
  | {
      readonly kind: 'not-listed'
      readonly division: string
      readonly player: PlayerId
      readonly name: string
    }
  | {
      readonly kind: 'expired'
      readonly division: string
      readonly player: PlayerId
      readonly name: string
      readonly expiry: string
    }
  | {
      readonly kind: 'suspended'
      readonly division: string
      readonly player: PlayerId
      readonly name: string
    }

/** Every registered player still in the event whom the list does not clear for `on` (YYYY-MM-DD). */
export function memberWarnings(
  state: TournamentState,
  index: MemberIndex,
  on: string,
): readonly MemberWarning[] {
  const warnings: MemberWarning[] = []
  for (const division of state.divisions) {
    for (const p of division.players) {
      if (p.status.kind === 'withdrawn') continue
      const who = { division: division.name, player: p.id, name: p.name }
      const member = findMember(index, p)
      if (member === undefined) warnings.push({ kind: 'not-listed', ...who })
      else if (member.status === 'suspended') warnings.push({ kind: 'suspended', ...who })
      else if (member.expiry !== null && member.expiry < on) {
        warnings.push({ kind: 'expired', ...who, expiry: member.expiry })
      }
    }
  }
  return warnings
}

export function describeMemberWarning(warning: MemberWarning): string {
  const who = `${warning.name} (${warning.division}#${String(warning.player)})`
  switch (warning.kind) {
    case 'not-listed':
      return `${who} is not on the ratings list: not a member, or the name or member id differs`
    case 'expired':
      return `${who}: membership expired on ${warning.expiry}`
    case 'suspended':
      return `${who} is suspended on the ratings list`
  }
}

/** A rating the list changes: the player's now and the list's. */
export interface RatingUpdate {
  readonly player: PlayerId
  readonly name: string
  readonly from: number
  readonly to: number
}

/** The division's players whose rating differs from the list's ("update ratings from the list"). */
export function ratingUpdates(division: Division, index: MemberIndex): readonly RatingUpdate[] {
  return division.players.flatMap((p) => {
    const member = findMember(index, p)
    return member === undefined || member.rating === p.rating
      ? []
      : [{ player: p.id, name: p.name, from: p.rating, to: member.rating }]
  })
}

/** The one command that brings the division's ratings in line with the list; null: none differ. */
export function ratingUpdatesCommand(
  division: Division,
  index: MemberIndex,
  source: string,
): Extract<Command, { readonly type: 'updateRatings' }> | null {
  const updates = ratingUpdates(division, index)
  if (updates.length === 0) return null
  return {
    type: 'updateRatings',
    division: division.name,
    ratings: updates.map((u) => ({ player: u.player, rating: u.to })),
    source,
  }
}

/**
 * A registration as typed, its rating filled from the list when the desk left it empty (issue 32:
 * the member id, or the name on tsh's lists, finds him); a typed rating is the director's and
 * stays. Undefined `index`: no list on this laptop.
 */
export function withListRating<
  T extends { readonly rating: string | number; readonly name: string; readonly memberId?: string },
>(input: T, index: MemberIndex | null): T {
  const typed = String(input.rating).trim()
  if (index === null || (typed !== '' && typed !== '0')) return input
  const member = findMember(index, { memberId: input.memberId ?? '', name: input.name })
  return member === undefined || member.rating === 0 ? input : { ...input, rating: member.rating }
}
