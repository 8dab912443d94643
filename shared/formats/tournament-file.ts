/**
 * Rackside's own tournament file: the command log as JSON (design.md, "a tournament is a log of
 * director actions"). The log is the truth, so the file holds the log and nothing derived; reading
 * checks every entry's shape and folds it, and refuses a file that does not give a tournament.
 *
 *   { "format": "rackside-tournament", "version": 1, "tournamentId": "…", "savedAt": "…",
 *     "log": [ { "seq": 0, "at": "…", "command": { "type": "createTournament", … } }, … ] }
 */
import { PAIRING_SYSTEMS } from '../pairing/types'
import { RATING_SYSTEMS } from '../ratings/rating-systems'
import { err, ok, type Result } from '../result'
import { FORFEIT_REASONS } from '../results/game-result'
import { PRESETS } from '../rules/presets'
import { TIE_BREAKS } from '../rules/ranking'
import { RULE_FIELDS_ADDED_LATER } from '../rules/rule-fields'
import {
  CHALLENGE_RULES,
  HOLD_RULES,
  EQUAL_FIRSTS_RULES,
  LATE_ARRIVAL_METHODS,
  LATE_ENTRY_MISSED_ROUNDS,
  PRESET_IDS,
  WALK_OUT_RULES,
} from '../rules/rule-set'
import { LOG_START, resumeFold, type Checkpoint, type FoldError } from '../tournament/apply'
import { MOVE_GAMES, type CommandType, type LoggedCommand } from '../tournament/commands'
import { LOG_VERSION } from '../tournament/log-version'
import { PAPER_SIZES } from '../tournament/paper'
import { DO_NOT_PAIR_REASONS } from '../tournament/pairing-rules'
import { PLAYER_FLAGS, PRIZE_KINDS, TIE_RULES } from '../tournament/prizes'
import { checkTournamentId } from '../tournament/tournament-id'
import type { TournamentState } from '../tournament/types'

import { findJsonSyntaxError, lineAndColumn, locateJsonPath } from './json-position'
import { hasErrors } from './problem'
import { readTFile } from './t-file'

export const TOURNAMENT_FILE_FORMAT = 'rackside-tournament'
export const TOURNAMENT_FILE_VERSION = 1

export interface TournamentFile {
  readonly tournamentId: string
  /** ISO timestamp the caller stamped when saving (shared/ reads no clock). */
  readonly savedAt: string
  readonly log: readonly LoggedCommand[]
  /** The fold of the log. */
  readonly state: TournamentState
}

/**
 * Keys in a fixed order at every level, `type` and `kind` first, so saving the same log twice
 * gives the same bytes whatever order the objects were built in (a diff shows only real changes).
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value === null || typeof value !== 'object') return value
  const rank = (key: string): number => (key === 'type' ? 0 : key === 'kind' ? 1 : 2)
  const keys = Object.keys(value).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
  const out: Record<string, unknown> = {}
  for (const key of keys) out[key] = canonical((value as Record<string, unknown>)[key])
  return out
}

/** What every tournament file starts with, whatever its log holds. */
const fileHeader = (tournamentId: string, savedAt: string) =>
  ({
    format: TOURNAMENT_FILE_FORMAT,
    version: TOURNAMENT_FILE_VERSION,
    tournamentId,
    savedAt,
  }) as const

export function writeTournamentFile(
  tournamentId: string,
  log: readonly LoggedCommand[],
  savedAt: string,
): string {
  return [...tournamentFilePieces(tournamentId, log, savedAt)].join('')
}

/** One log entry as the file holds it. */
const fileEntry = (entry: LoggedCommand) => ({
  seq: entry.seq,
  at: entry.at,
  // The desk stays with its command: the audit says which window gave it (issue 13).
  ...(entry.desk === undefined ? {} : { desk: entry.desk }),
  ...(entry.deskName === undefined ? {} : { deskName: entry.deskName }),
  ...(entry.version === undefined ? {} : { version: entry.version }),
  // Kept so an authority reopened from this file still knows which proposals it accepted.
  ...(entry.proposal === undefined ? {} : { proposal: entry.proposal }),
  command: canonical(entry.command),
})

/**
 * The tournament file's text in pieces of `slice` commands, for a caller that must not hold the
 * page while a 10 000-command log is written (rolling backups, issue 20): joined, the pieces are
 * `JSON.stringify(file, null, 2)` and a newline, byte for byte, as `writeTournamentFile` writes.
 */
export function* tournamentFilePieces(
  tournamentId: string,
  log: readonly LoggedCommand[],
  savedAt: string,
  slice = 500,
): Generator<string, void, undefined> {
  const header = fileHeader(tournamentId, savedAt)
  if (log.length === 0) {
    yield `${JSON.stringify({ ...header, log: [] }, null, 2)}\n`
    return
  }
  // The header object without its closing "\n}", then the log one level deeper.
  yield `${JSON.stringify(header, null, 2).slice(0, -2)},\n  "log": [\n`
  for (let from = 0; from < log.length; from += slice) {
    const entries = log.slice(from, from + slice).map(
      // JSON escapes a newline inside a string, so every newline here is indentation.
      (entry) => `    ${JSON.stringify(fileEntry(entry), null, 2).replaceAll('\n', '\n    ')}`,
    )
    yield `${entries.join(',\n')}${from + slice < log.length ? ',' : ''}\n`
  }
  yield '  ]\n}\n'
}

/* ---------- shape of the log: a small schema, checked before folding ---------- */

type Schema =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'unknown'
  | { readonly optional: Schema }
  | { readonly nullable: Schema }
  | { readonly array: Schema }
  | { readonly pair: Schema }
  | { readonly object: Fields }
  | { readonly literal: readonly (string | number)[] }
  | { readonly byKind: Readonly<Record<string, Fields>> }
  | { readonly anyOf: readonly Schema[] }

type Fields = Readonly<Record<string, Schema>>

const opt = (schema: Schema): Schema => ({ optional: schema })
const obj = (fields: Fields): Schema => ({ object: fields })

const INFO = obj({
  name: 'string',
  venue: 'string',
  startDate: 'string',
  endDate: 'string',
  rounds: 'integer',
  // tsh's session_breaks (issue 18); files before it have none.
  sessionBreaks: opt({ array: 'integer' }),
})

/** Enumerated rule fields, by their path in the RuleSet. */
const RULE_ENUMS: Readonly<Record<string, readonly string[]>> = {
  preset: PRESET_IDS,
  'starts.whenEqual': EQUAL_FIRSTS_RULES,
  'lateArrival.method': LATE_ARRIVAL_METHODS,
  'results.lateEntryMissedRounds': LATE_ENTRY_MISSED_ROUNDS,
  'results.walkOut': WALK_OUT_RULES,
  'printed.challenge': CHALLENGE_RULES,
  'printed.holdRule': HOLD_RULES,
}

/**
 * The RuleSet's shape, read off the presets: every field any preset has, with the type it has
 * there; a field that is null in some preset may be null. A new rule field is checked as soon
 * as the presets carry it.
 */
function rulesSchema(): Schema {
  // Fields added after files were written: a file without them takes its preset's value
  // (validateRuleSet), so they may be missing here.
  const addedLater: ReadonlySet<string> = new Set(RULE_FIELDS_ADDED_LATER)
  const presets: readonly unknown[] = Object.values(PRESETS)
  const build = (values: readonly unknown[], path: string): Schema => {
    const enumValues = RULE_ENUMS[path]
    if (enumValues !== undefined) return { literal: enumValues }
    const present = values.filter((v) => v !== null)
    const nullable = present.length < values.length
    const first = present[0]
    let schema: Schema
    if (first === undefined) schema = 'number'
    else if (typeof first === 'object') {
      const keys = new Set(present.flatMap((v) => Object.keys(v as object)))
      const fields: Record<string, Schema> = {}
      for (const key of keys) {
        const inner = present.map((v) => (v as Record<string, unknown>)[key])
        const at = path === '' ? key : `${path}.${key}`
        const schema = build(inner, at)
        fields[key] = addedLater.has(at) ? opt(schema) : schema
      }
      schema = obj(fields)
    } else if (typeof first === 'boolean') schema = 'boolean'
    else if (typeof first === 'string') schema = 'string'
    else schema = 'number'
    return nullable ? { nullable: schema } : schema
  }
  return build(presets, '')
}

const RULES = rulesSchema()
const PLAYER_ID: Schema = 'integer'
const PLAYERS: Schema = { pair: PLAYER_ID }

const PLAYER_FIELDS = obj({
  name: 'string',
  rating: 'number',
  memberId: 'string',
  club: 'string',
  country: opt('string'),
  team: opt('string'),
  email: opt('string'),
  phone: opt('string'),
  lifetimeGames: opt('integer'),
})

/** Who a command names, as the desk meant him (issue 27); files before it have none. */
const KEYS = opt({ array: obj({ player: PLAYER_ID, key: 'string' }) })

const TSH_DATA = obj({
  tags: { array: obj({ name: 'string', values: { array: 'string' } }) },
  ratingText: opt('string'),
})

const START_REASON: Schema = {
  byKind: {
    'fewer-firsts': { starterFirsts: 'number', otherFirsts: 'number' },
    'more-seconds': { firsts: 'number', starterSeconds: 'number', otherSeconds: 'number' },
    'reverse-last-order': { round: 'integer' },
    'draw-tiles': { firsts: 'number' },
    'program-draw': { seed: 'number' },
    'program-plan': { through: 'integer' },
  },
}

const START: Schema = {
  byKind: {
    rule: { starter: { nullable: PLAYER_ID }, reason: START_REASON },
    schedule: { starter: PLAYER_ID },
    director: { starter: PLAYER_ID },
    undecided: {},
  },
}

const PAIRING_SPEC: Schema = {
  byKind: {
    game: {
      table: 'integer',
      players: PLAYERS,
      start: opt(START),
      locked: opt('boolean'),
      reason: opt('string'),
    },
    bye: {
      player: PLAYER_ID,
      locked: opt('boolean'),
      reason: opt('string'),
      forfeitBy: opt(PLAYER_ID),
    },
  },
}

const PAIRING_CHANGE: Schema = {
  byKind: {
    replace: { players: PLAYERS },
    swap: { player: PLAYER_ID, with: PLAYER_ID },
    lock: { locked: 'boolean' },
  },
}

const GAME_REF: Schema = {
  anyOf: [obj({ table: 'integer' }), obj({ players: { array: PLAYER_ID } })],
}

const GAME_RESULT: Schema = {
  byKind: {
    played: {
      players: PLAYERS,
      rawScores: { pair: 'number' },
      overtimeSeconds: { pair: 'number' },
      scores: { pair: 'number' },
    },
    bye: { player: PLAYER_ID, spread: 'number' },
    forfeit: {
      winner: PLAYER_ID,
      loser: PLAYER_ID,
      reason: { literal: FORFEIT_REASONS },
      spread: 'number',
      rated: 'boolean',
      scoresAtDeparture: opt(obj({ winner: 'number', loser: 'number' })),
    },
    doubleForfeit: { players: PLAYERS, spread: 'number' },
    unplayed: { players: { array: PLAYER_ID } },
  },
}

const PLAN_STEP = obj({
  fromRound: 'integer',
  system: { literal: PAIRING_SYSTEMS },
  basedOn: { literal: ['previous', 'lagged'] },
  // null: no limit (the automatic plan's default); files before it always hold a number.
  maxRepeats: { nullable: 'integer' },
  // Swiss pairing neighbours in a score group (issue 10); files before it have none.
  neighbours: opt('boolean'),
})

const RESULT_FIELDS: Fields = {
  division: 'string',
  round: 'integer',
  game: GAME_REF,
  result: GAME_RESULT,
  first: opt(PLAYER_ID),
  keys: KEYS,
}

const PRIZE_TABLE = obj({
  prizes: {
    array: obj({
      kind: { literal: PRIZE_KINDS },
      place: 'integer',
      group: {
        byKind: { all: {}, class: { name: 'string' }, flag: { flag: { literal: PLAYER_FLAGS } } },
      },
      value: 'string',
      rounds: opt(obj({ from: 'integer', to: 'integer' })),
      exclusive: 'boolean',
    }),
  },
  ties: { literal: TIE_RULES },
  classes: {
    byKind: {
      none: {},
      rating: { bands: { array: obj({ name: 'string', minRating: 'integer' }) } },
      manual: { members: { array: obj({ player: PLAYER_ID, name: 'string' }) } },
    },
  },
  flags: { array: obj({ player: PLAYER_ID, flag: { literal: PLAYER_FLAGS } }) },
})

/** Every command's fields; a Record so a new command type does not compile until it is listed. */
const COMMAND_FIELDS: Readonly<Record<CommandType, Fields>> = {
  createTournament: { info: INFO, rules: RULES },
  editTournamentInfo: { info: INFO },
  changeRules: { rules: RULES },
  addDivision: { name: 'string' },
  registerPlayer: {
    division: 'string',
    player: PLAYER_FIELDS,
    // The registering desk's key for the player (issue 27); files before it have none.
    key: opt('string'),
    firstRound: opt('integer'),
    // Issue 28: a late entry's missed rounds as the file it was imported from says.
    missedRounds: opt({ byKind: { unplayed: {}, 'forfeit-loss': { spread: 'integer' } } }),
    tsh: opt(TSH_DATA),
  },
  registerPlayers: {
    division: 'string',
    players: {
      array: obj({ player: PLAYER_FIELDS, key: opt('string'), division: opt('string') }),
    },
  },
  editPlayer: { division: 'string', playerId: PLAYER_ID, player: PLAYER_FIELDS },
  withdrawPlayer: {
    division: 'string',
    player: PLAYER_ID,
    fromRound: 'integer',
    disqualified: opt('boolean'),
  },
  reinstatePlayer: { division: 'string', player: PLAYER_ID },
  checkIn: { division: 'string', player: PLAYER_ID, day: 'string', keys: KEYS },
  cancelCheckIn: { division: 'string', player: PLAYER_ID, day: 'string', keys: KEYS },
  setPairingPlan: { division: 'string', plan: { array: PLAN_STEP } },
  setContention: {
    division: 'string',
    contention: obj({
      gibson: 'boolean',
      prizeBands: { array: 'integer' },
      maxSpread: 'integer',
      contenderRounds: 'integer',
    }),
  },
  setDoNotPair: {
    division: 'string',
    doNotPair: obj({
      groups: {
        array: obj({
          players: { array: PLAYER_ID },
          reason: { literal: DO_NOT_PAIR_REASONS },
          note: 'string',
        }),
      },
      sameClubRounds: 'integer',
    }),
  },
  setPrizes: { division: 'string', prizes: PRIZE_TABLE },
  setTableOffset: { division: 'string', offset: 'integer', renumberRound: opt('integer') },
  setRatingSystem: { division: 'string', system: { nullable: { literal: RATING_SYSTEMS } } },
  setPaperSize: { paperSize: { literal: PAPER_SIZES } },
  pairRound: {
    division: 'string',
    round: 'integer',
    pairings: { array: PAIRING_SPEC },
    system: opt('string'),
    seed: opt('number'),
    replace: opt('boolean'),
  },
  editPairing: { division: 'string', round: 'integer', table: 'integer', change: PAIRING_CHANGE },
  unpairRound: { division: 'string', round: 'integer' },
  publishRound: { division: 'string', round: 'integer' },
  startRound: {
    division: 'string',
    round: 'integer',
    at: 'number',
    absent: opt({ array: PLAYER_ID }),
  },
  recordArrival: {
    division: 'string',
    round: 'integer',
    player: PLAYER_ID,
    at: 'number',
    keys: KEYS,
  },
  markAbsent: { division: 'string', round: 'integer', player: PLAYER_ID },
  recordResult: RESULT_FIELDS,
  // The result the desk saw and corrects (issue 27); files before it have none.
  correctResult: { ...RESULT_FIELDS, replaces: opt(GAME_RESULT) },
  assignPenalty: {
    division: 'string',
    player: PLAYER_ID,
    round: 'integer',
    points: 'number',
    reason: 'string',
    keys: KEYS,
  },
  issueWarning: { division: 'string', player: PLAYER_ID, round: 'integer', reason: 'string' },
  overrideStarter: { division: 'string', round: 'integer', table: 'integer', starter: PLAYER_ID },
  undo: { seq: 'integer' },
  redo: { seq: 'integer' },
  renameDivision: { division: 'string', name: 'string' },
  deleteRegistration: { division: 'string', player: PLAYER_ID, key: 'string' },
  movePlayer: {
    division: 'string',
    player: PLAYER_ID,
    key: 'string',
    to: 'string',
    // Issue 32: moved after play, his games carried or dropped; files before it have none.
    games: opt({ literal: MOVE_GAMES }),
  },
  reserveTable: {
    division: 'string',
    player: PLAYER_ID,
    table: { nullable: 'integer' },
    keys: KEYS,
  },
  updateRatings: {
    division: 'string',
    ratings: { array: obj({ player: PLAYER_ID, rating: 'integer' }) },
    source: 'string',
  },
  setRanking: {
    division: 'string',
    ranking: {
      nullable: obj({
        tieBreaks: { array: { literal: TIE_BREAKS } },
        spreadCapByRound: { array: 'integer' },
      }),
    },
  },
  setPhoneAccess: {
    division: 'string',
    day: 'string',
    checkIn: 'boolean',
    results: 'boolean',
    confirmMinutes: opt('integer'),
  },
  mergeDivisions: { division: 'string', absorbed: 'string' },
  // Issue 28: the mended command is checked as a stored one is (`checkLogEntry`), type and fields.
  mendCommand: { seq: 'integer', command: obj({ type: 'string' }) },
  splitDivision: {
    division: 'string',
    name: 'string',
    by: {
      byKind: {
        top: { count: 'integer' },
        rating: { atLeast: 'integer' },
        list: { players: { array: PLAYER_ID }, keys: KEYS },
      },
    },
  },
  phoneResult: {
    division: 'string',
    round: 'integer',
    table: 'integer',
    player: PLAYER_ID,
    result: GAME_RESULT,
    first: opt(PLAYER_ID),
    at: 'integer',
    keys: KEYS,
  },
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

const describeValue = (value: unknown): string => {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  // A stored row may hold what JSON cannot write (a BigInt from a damaged database).
  if (typeof value === 'bigint') return `bigint ${value.toString()}`
  return `${typeof value} ${JSON.stringify(value) ?? String(value)}`
}

/** What is wrong with `value` at `path`, or null when it fits. Extra keys are allowed. */
function check(value: unknown, schema: Schema, path: string): string | null {
  if (typeof schema === 'string') {
    switch (schema) {
      case 'unknown':
        return null
      case 'string':
      case 'boolean':
        return typeof value === schema
          ? null
          : `${path} should be a ${schema}, not ${describeValue(value)}`
      case 'number':
        return typeof value === 'number' && Number.isFinite(value)
          ? null
          : `${path} should be a number, not ${describeValue(value)}`
      case 'integer':
        return Number.isInteger(value)
          ? null
          : `${path} should be a whole number, not ${describeValue(value)}`
    }
  }
  if ('optional' in schema) return value === undefined ? null : check(value, schema.optional, path)
  if ('nullable' in schema) return value === null ? null : check(value, schema.nullable, path)
  if ('literal' in schema) {
    return (typeof value === 'string' || typeof value === 'number') &&
      schema.literal.includes(value)
      ? null
      : `${path} should be one of ${schema.literal.join(', ')}, not ${describeValue(value)}`
  }
  if ('array' in schema || 'pair' in schema) {
    if (!Array.isArray(value)) return `${path} should be a list, not ${describeValue(value)}`
    const items: readonly unknown[] = value
    const item = 'array' in schema ? schema.array : schema.pair
    if ('pair' in schema && items.length !== 2) {
      return `${path} should hold 2 values, not ${String(items.length)}`
    }
    for (const [i, v] of items.entries()) {
      const problem = check(v, item, `${path}[${String(i)}]`)
      if (problem !== null) return problem
    }
    return null
  }
  if ('anyOf' in schema) {
    const problems = schema.anyOf.map((s) => check(value, s, path))
    return problems.some((p) => p === null) ? null : (problems[0] ?? `${path} is not valid`)
  }
  if (!isRecord(value)) return `${path} should be an object, not ${describeValue(value)}`
  if ('object' in schema) return checkFields(value, schema.object, path)
  const kind = value.kind
  const fields =
    typeof kind === 'string' && Object.hasOwn(schema.byKind, kind) ? schema.byKind[kind] : undefined
  if (fields === undefined) {
    return `${path}.kind should be one of ${Object.keys(schema.byKind).join(', ')}, not ${describeValue(kind)}`
  }
  return checkFields(value, fields, path)
}

function checkFields(value: Record<string, unknown>, fields: Fields, path: string): string | null {
  for (const [key, schema] of Object.entries(fields)) {
    const problem = check(value[key], schema, `${path}.${key}`)
    if (problem !== null) return problem
  }
  return null
}

const COMMAND_TYPES = Object.keys(COMMAND_FIELDS) as readonly CommandType[]

/**
 * One stored command checked as the file reader checks it (issue 20): its shape, its `seq` (its
 * place in the log), the version of Rackside that wrote it, its type and every field the type
 * has. The same check runs on a file and on the log loaded from the app's own storage, so a
 * command an older copy does not know, or a damaged row, is named instead of thrown on.
 */
export function checkLogEntry(entry: unknown, index: number): Result<LoggedCommand> {
  const path = `log[${String(index)}]`
  if (isRecord(entry) && checkedEntries.has(entry) && entry.seq === index) {
    return ok(entry as unknown as LoggedCommand)
  }
  if (!isRecord(entry)) {
    return err(
      'tournament-file.entry',
      `${path} should be an object, not ${describeValue(entry)}`,
      {
        details: { index },
      },
    )
  }
  const problem =
    check(entry.seq, 'integer', `${path}.seq`) ??
    check(entry.at, 'string', `${path}.at`) ??
    check(entry.desk, opt('string'), `${path}.desk`) ??
    check(entry.deskName, opt('string'), `${path}.deskName`) ??
    check(entry.version, opt('integer'), `${path}.version`) ??
    check(entry.proposal, opt('string'), `${path}.proposal`) ??
    check(entry.command, obj({ type: 'string' }), `${path}.command`)
  if (problem !== null) {
    return err('tournament-file.entry', problem, { details: { index } })
  }
  if (entry.seq !== index) {
    return err(
      'tournament-file.seq',
      `${path}.seq is ${String(entry.seq)}: the log's entries are numbered 0, 1, 2, … without gaps, so it should be ${String(index)}`,
      { details: { index } },
    )
  }
  const command = entry.command as Record<string, unknown>
  const type = command.type as string
  const version = entry.version as number | undefined
  if (version !== undefined && version > LOG_VERSION) {
    return err(
      'tournament-file.command.newer',
      `command ${String(index)} (${type}) was written by a newer Rackside (log version ${String(version)}; this one reads up to ${String(LOG_VERSION)}): update Rackside to open it`,
      { details: { index, type, version } },
    )
  }
  if (version !== undefined && version < 1) {
    return err(
      'tournament-file.entry',
      `${path}.version should be a whole number from 1, not ${String(version)}`,
      { details: { index } },
    )
  }
  const checked = checkCommand(command, index, `command ${String(index)}`)
  if (!checked.ok) return checked
  checkedEntries.add(entry)
  return ok(entry as unknown as LoggedCommand)
}

/** A stored command's type and fields; a mend's command (issue 28) is checked the same way. */
function checkCommand(command: Record<string, unknown>, index: number, path: string): Result<void> {
  const type = command.type as string
  const known = COMMAND_TYPES.find((t) => t === type)
  if (known === undefined) {
    return err(
      'tournament-file.command.unknown',
      `${path}: "${type}" is not a command this version of Rackside knows (a newer Rackside may have written it)`,
      { details: { index, type } },
    )
  }
  const wrong = checkFields(command, COMMAND_FIELDS[known], `${path} (${type})`)
  if (wrong !== null) {
    return err('tournament-file.command.malformed', wrong, { details: { index, type } })
  }
  if (known !== 'mendCommand') return ok(undefined)
  return checkCommand(
    command.command as Record<string, unknown>,
    index,
    `${path} (${type}).command`,
  )
}

/**
 * The entry objects `checkLogEntry` has passed. A log entry is never changed once made (readonly
 * plain data), so the same object passes again: a venue desk's log is checked where it is read
 * from the replica and would be again by the store that folds it (issue 27: a new desk checked
 * 10 020 commands twice while catching up). Weak, so a log no window holds is not kept alive.
 */
const checkedEntries = new WeakSet<object>()

/** Why a log does not open: a command that could not be read, or one that does not fold. */
export const LOG_PROBLEM_KINDS = ['unreadable', 'unknown', 'newer', 'fold'] as const
export type LogProblemKind = (typeof LOG_PROBLEM_KINDS)[number]

/** The first command that keeps a log from opening, named for the recovery view. */
export interface LogProblem extends FoldError {
  readonly kind: LogProblemKind
  /** The command's type as stored, when it has one that is text. */
  readonly type: string | null
  /**
   * The commands read before it (for a fold failure: the whole log, every command readable), so
   * the recovery view can describe them and cancel the failing one.
   */
  readonly readable: readonly LoggedCommand[]
}

export interface CheckedLog {
  readonly log: readonly LoggedCommand[]
  /** The fold of the log: undefined only for an empty log. */
  readonly state: TournamentState | undefined
}

function storedType(entry: unknown): string | null {
  if (!isRecord(entry) || !isRecord(entry.command)) return null
  const type = entry.command.type
  return typeof type === 'string' ? type : null
}

function problemKind(code: string): LogProblemKind {
  if (code === 'tournament-file.command.unknown') return 'unknown'
  if (code === 'tournament-file.command.newer') return 'newer'
  return 'unreadable'
}

/**
 * Entries checked or commands folded between two pauses of `checkLogSteps` (issue 33): at
 * 2000 players a few milliseconds of work, so a caller that pauses by the clock pauses on time.
 */
export const LOG_STEP = 256

/** The steps of a computation that may pause (yield) between them, and its answer at the end. */
export type Steps<T> = Generator<void, T, undefined>

/** Runs every step at once: the answer the steps give without pausing. */
export function allSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next()
    if (next.done === true) return next.value
  }
}

/**
 * Every entry of a stored log checked (`checkLogEntry`), then folded. Never throws, whatever the
 * entries hold: the answer is the state, or the first command that stops the log with what is
 * wrong with it (issue 20: one damaged row used to leave the app on "Opening…" forever).
 */
export function checkLog(
  tournamentId: string,
  entries: readonly unknown[],
): Result<CheckedLog, LogProblem> {
  return allSteps(checkLogSteps(tournamentId, entries))
}

/**
 * `checkLog` in steps (issue 33: opening a 2000-player event held the page 0.5 s in one task): it
 * pauses after every `step` entries checked and commands folded, each fold resumed where the
 * last stopped (`resumeFold` on the whole log, so a command a later undo cancels is left out as
 * `fold` leaves it out). Its answer is `checkLog`'s.
 */
export function* checkLogSteps(
  tournamentId: string,
  entries: readonly unknown[],
  step = LOG_STEP,
): Steps<Result<CheckedLog, LogProblem>> {
  const log: LoggedCommand[] = []
  for (let from = 0; from < entries.length; from += step) {
    const problem = checkRange(entries, log, from, Math.min(from + step, entries.length))
    if (problem !== null) return { ok: false, error: problem }
    yield
  }
  let folded: Checkpoint = LOG_START
  while (folded.at < log.length) {
    const at = Math.min(folded.at + step, log.length)
    const next = resumeFold(tournamentId, log, folded, at)
    if (!next.ok) {
      const type = log[next.error.seq]?.command.type ?? null
      return { ok: false, error: { ...next.error, kind: 'fold', type, readable: log } }
    }
    folded = { at, state: next.value }
    if (at < log.length) yield
  }
  return ok({ log, state: folded.state })
}

/**
 * Checks `entries[from..to)` onto `log`; the first entry that is not a command stops it, named
 * with the entries read before it.
 */
function checkRange(
  entries: readonly unknown[],
  log: LoggedCommand[],
  from: number,
  to: number,
): LogProblem | null {
  for (let index = from; index < to; index++) {
    const entry = entries[index]
    const checked = checkLogEntry(entry, index)
    if (!checked.ok) {
      const { code, message, details } = checked.error
      return {
        code,
        message,
        ...(details === undefined ? {} : { details }),
        seq: index,
        kind: problemKind(code),
        type: storedType(entry),
        readable: log,
      }
    }
    log.push(checked.value)
  }
  return null
}

/**
 * The entries' shapes only (`checkLogEntry` on each), for a caller that folds them its own way:
 * a window that applies only the commands another window added. The first `from` entries are
 * taken as checked: the caller holds them already (a log only grows within a generation, so the
 * same last command means the same prefix), and a projector following a 10 000-command event
 * checks only what is new. Never throws.
 */
export function checkLogEntries(
  entries: readonly unknown[],
  from = 0,
): Result<readonly LoggedCommand[], LogProblem> {
  const log: LoggedCommand[] = entries.slice(0, from) as LoggedCommand[]
  const problem = checkRange(entries, log, from, entries.length)
  return problem === null ? ok(log) : { ok: false, error: problem }
}

/**
 * The stored entries as they are, in a tournament file's frame, for a log that does not open:
 * nothing is checked or dropped, so the file keeps what the recovery view could not read. Values
 * JSON cannot hold (a big integer, a cycle in a damaged row) are written as text.
 */
export function writeRawLog(
  tournamentId: string,
  entries: readonly unknown[],
  savedAt: string,
): string {
  const file = { ...fileHeader(tournamentId, savedAt), log: entries.map(rawEntry) }
  return `${JSON.stringify(file, null, 2)}\n`
}

function rawEntry(entry: unknown): unknown {
  try {
    return JSON.parse(
      JSON.stringify(entry, (_key, value: unknown) =>
        typeof value === 'bigint' ? value.toString() : value,
      ) ?? 'null',
    )
  } catch (e) {
    return { unreadable: e instanceof Error ? e.message : String(e) }
  }
}

/**
 * A tsh `.t` opened as a tournament file (issue 28: it was called damaged JSON): every line reads
 * as a player line, so the refusal points to the import instead; null for anything else.
 */
function tFileLook(body: string): string | null {
  const { file, problems } = readTFile(body)
  const first = file.players[0]
  if (first === undefined || hasErrors(problems)) return null
  const count = file.players.length
  return `not a Rackside tournament file: it reads as a tsh .t file (${String(count)} player line${count === 1 ? '' : 's'}, the first “${first.name}”); import it with “Import tsh .t file…” on the Files screen instead`
}

/**
 * Reads a tournament file and folds its log. Never throws: every refusal is a Result with a
 * stable code and a message naming what is wrong and where (`log[17].command.round`, or
 * "command 17 (recordResult): Round 3 has no table 12.").
 */
export function readTournamentFile(text: string): Result<TournamentFile> {
  return allSteps(readTournamentFileSteps(text))
}

/** How our writer lays out the log (`tournamentFilePieces`): one entry after another, 4 spaces in. */
const LOG_OPENS = '\n  "log": [\n'
const LOG_CLOSES = '\n  ]\n}'
const NEXT_ENTRY = ',\n    {'
/** What stands for the log while the rest of the file is parsed on its own. */
const LOG_PLACE = 'rackside: the log, parsed in pieces'

/**
 * The file's JSON parsed a piece at a time (issue 33: `JSON.parse` of a 2000-player file, 20 MB,
 * is one task of 100–300 ms): the log's entries `step` at a time, pausing between, and the
 * header around them. No newline can stand inside a JSON string, so each piece is whole entries
 * when the file is laid out as our writer lays it out; when it is not (or is damaged), a piece or
 * the header does not parse and the answer is null: the caller parses the whole text, which names
 * what is wrong. When every piece parses, the pieces joined are the text's own array: the value is
 * the one `JSON.parse` gives.
 */
function* parsedInPieces(body: string, step = LOG_STEP): Steps<{ readonly value: unknown } | null> {
  const opens = body.indexOf(LOG_OPENS)
  const closes = body.lastIndexOf(LOG_CLOSES)
  if (opens < 0 || closes < opens) return null
  let header: unknown
  try {
    header = JSON.parse(
      `${body.slice(0, opens)}\n  "log": ${JSON.stringify(LOG_PLACE)}${body.slice(closes + 4)}`,
    )
  } catch {
    return null
  }
  if (!isRecord(header) || header.log !== LOG_PLACE) return null
  const log: unknown[] = []
  const inner = body.slice(opens + LOG_OPENS.length, closes)
  let from = 0
  while (from < inner.length) {
    let to = from
    for (let count = 0; count < step && to >= 0; count++) {
      to = inner.indexOf(NEXT_ENTRY, to + 1)
    }
    const end = to < 0 ? inner.length : to
    let piece: unknown
    try {
      piece = JSON.parse(`[${inner.slice(from, end)}]`)
    } catch {
      return null
    }
    if (!Array.isArray(piece)) return null
    for (const entry of piece) log.push(entry)
    // Past the comma: the next piece starts at its first entry's own line.
    from = end + 1
    yield
  }
  return { value: { ...header, log } }
}

/**
 * `readTournamentFile` in steps (issue 33): the text's parse, then `checkLogSteps`, so a caller
 * may let the page draw between them. Its answer is `readTournamentFile`'s.
 */
export function* readTournamentFileSteps(text: string): Steps<Result<TournamentFile>> {
  // Line and column count in the text an editor shows, which hides a byte-order mark.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  let parsed: unknown
  try {
    const pieces = yield* parsedInPieces(body)
    parsed = pieces === null ? JSON.parse(body) : pieces.value
  } catch (e) {
    // Our own scan names the place: the engine's wording differs between Node and Chromium and
    // gives no position at all for a file cut short (issue 20).
    const where = findJsonSyntaxError(body)
    const engine = e instanceof Error ? e.message : String(e)
    const what = where?.message ?? engine
    const at = where ?? lineAndColumn(body, body.length)
    const tsh = tFileLook(body)
    return err(
      'tournament-file.json',
      tsh ??
        `not a Rackside tournament file: the JSON is damaged or cut short at line ${String(at.line)}, column ${String(at.column)}: ${what}`,
      { line: at.line, column: at.column },
    )
  }
  // A header refusal names the line of the field it is about (issue 20).
  const at = (field: string): { line?: number; column?: number } =>
    locateJsonPath(body, [field]) ?? locateJsonPath(body, []) ?? {}
  if (!isRecord(parsed)) {
    return err('tournament-file.format', 'not a Rackside tournament file: no file header object', {
      line: 1,
      column: 1,
    })
  }
  if (parsed.format !== TOURNAMENT_FILE_FORMAT) {
    return err(
      'tournament-file.format',
      `not a Rackside tournament file: "format" is ${describeValue(parsed.format)}, not "${TOURNAMENT_FILE_FORMAT}"`,
      at('format'),
    )
  }
  const version = parsed.version
  if (!Number.isInteger(version) || (version as number) < 1) {
    return err(
      'tournament-file.version',
      `"version" should be a whole number from 1, not ${describeValue(version)}`,
      at('version'),
    )
  }
  if ((version as number) > TOURNAMENT_FILE_VERSION) {
    return err(
      'tournament-file.version.newer',
      `made by a newer Rackside (file version ${String(version)}; this one reads version ${String(TOURNAMENT_FILE_VERSION)}): update Rackside to open it`,
      { ...at('version'), details: { version: version as number } },
    )
  }
  const header =
    check(parsed.tournamentId, 'string', 'tournamentId') ??
    check(parsed.savedAt, 'string', 'savedAt') ??
    check(parsed.log, { array: 'unknown' }, 'log')
  if (header !== null) return err('tournament-file.header', header)
  const tournamentId = parsed.tournamentId as string
  if (tournamentId.trim() === '') {
    return err('tournament-file.header', 'tournamentId should not be empty')
  }
  // The id names backup files and folders, so it must not climb out of them (`../../etc`); the
  // same rule as the backups, the projector and the desktop bridge (issue 20).
  const id = checkTournamentId(tournamentId)
  if (!id.ok) {
    return err('tournament-file.id', `tournamentId: ${id.error.message}`, {
      ...at('tournamentId'),
      details: { cause: id.error.code },
    })
  }
  const entries = parsed.log as readonly unknown[]
  if (entries.length === 0) {
    return err('tournament-file.log.empty', 'the log is empty: the file holds no tournament')
  }
  const checked = yield* checkLogSteps(tournamentId, entries)
  if (!checked.ok) {
    const { seq, code, message, kind, type, details } = checked.error
    // The command's own line, found only now that the file is refused (issue 20).
    const where = locateJsonPath(body, ['log', seq]) ?? {}
    if (kind !== 'fold') {
      return err(code, message, { ...where, ...(details === undefined ? {} : { details }) })
    }
    return err(
      'tournament-file.fold',
      `command ${String(seq)} (${type ?? 'command'}): ${message}`,
      { ...where, details: { seq, cause: code } },
    )
  }
  const { log } = checked.value
  const folded = checked.value
  if (folded.state === undefined) {
    return err('tournament-file.log.empty', 'the log is empty: the file holds no tournament')
  }
  return ok({ tournamentId, savedAt: parsed.savedAt as string, log, state: folded.state })
}
