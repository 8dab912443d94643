import {
  PAGE_SIZES,
  type FileFilter,
  type IpcArgs,
  type IpcChannel,
  type BackupRequest,
  type OpenFileRequest,
  type PdfRequest,
  type PrintRequest,
  type SaveFileRequest,
  type SaveFolderRequest,
} from '../ipc-contract'
import type { OutboxProposal } from '../../shared/venue/protocol'
import { checkLogEntry } from '../../shared/formats/tournament-file'
import { checkTournamentId, isTournamentId } from '../../shared/tournament/tournament-id'
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from '../../shared/venue/protocol'
import { APPROVAL_ROLES, isApprovalRole } from '../../shared/authority/roles'
import { checkVenuePort, MAX_VENUE_PORT, MIN_VENUE_PORT } from '../../shared/venue/venue-port'
import { isBackupName } from './backup-names'

/*
 * What the renderer sends crosses a process boundary as plain data: TypeScript's types end there.
 * Each channel checks its arguments before a handler sees them.
 */

type Fields = Readonly<Record<string, unknown>>

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isString = (value: unknown): value is string => typeof value === 'string'
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'

const isEncoding = (value: unknown): boolean => value === 'utf8' || value === 'latin1'

const isPageSize = (value: unknown): boolean => PAGE_SIZES.some((size) => size === value)

const isFilter = (value: unknown): value is FileFilter =>
  isRecord(value) &&
  isString(value['name']) &&
  Array.isArray(value['extensions']) &&
  value['extensions'].every(isString)

const isFilters = (value: unknown): value is readonly FileFilter[] =>
  Array.isArray(value) && value.every(isFilter)

const isSaveFileRequest = (value: unknown): value is SaveFileRequest =>
  isRecord(value) &&
  isString(value['title']) &&
  isString(value['suggestedName']) &&
  isFilters(value['filters']) &&
  isString(value['contents']) &&
  isEncoding(value['encoding'])

const isOpenFileRequest = (value: unknown): value is OpenFileRequest =>
  isRecord(value) &&
  isString(value['title']) &&
  isFilters(value['filters']) &&
  isEncoding(value['encoding'])

const isPrintRequest = (value: unknown): value is PrintRequest =>
  isRecord(value) &&
  isString(value['html']) &&
  isString(value['title']) &&
  isPageSize(value['pageSize']) &&
  isBoolean(value['landscape']) &&
  isBoolean(value['silent']) &&
  (value['printerName'] === undefined || isString(value['printerName']))

const isPdfRequest = (value: unknown): value is PdfRequest =>
  isRecord(value) &&
  isString(value['html']) &&
  isString(value['title']) &&
  isPageSize(value['pageSize']) &&
  isBoolean(value['landscape']) &&
  isString(value['suggestedName'])

const isSaveFolderRequest = (value: unknown): value is SaveFolderRequest =>
  isRecord(value) &&
  isString(value['title']) &&
  Array.isArray(value['files']) &&
  value['files'].every(
    (file: unknown) => isRecord(file) && isString(file['name']) && isString(file['contents']),
  )

const isBackupRequest = (value: unknown): value is BackupRequest =>
  isRecord(value) && isTournamentId(value['tournamentId']) && isString(value['contents'])

const isWholeNumber = (value: unknown, from: number): boolean =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= from

/** A port the director may share an event on (issue 27): 1024–65535. */
const isVenuePort = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && checkVenuePort(value).ok

/** A code as the authority issues it: the desk shows it, the director types or clicks it. */
export const isPairingCode = (value: unknown): value is string =>
  isString(value) &&
  value.length === PAIRING_CODE_LENGTH &&
  [...value].every((letter) => PAIRING_CODE_ALPHABET.includes(letter))

export const DESK_NAME_MAX_LENGTH = 40

/** A desk's name ("Desk 2", "Projector"): shown on every screen, so one short line of text. */
export const isDeskName = (value: unknown): value is string =>
  isString(value) &&
  value.trim() !== '' &&
  value.length <= DESK_NAME_MAX_LENGTH &&
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  !/[\u0000-\u001f\u007f]/.test(value)

/** A saved copy's file name, said back to the director: one line, as a file system allows. */
const isCopyName = (value: unknown): value is string =>
  isString(value) &&
  value.trim() !== '' &&
  value.length <= 255 &&
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  !/[\u0000-\u001f\u007f]/.test(value)

/**
 * A proposal of the director's own windows. Its command is checked field by field by the same
 * checker a tournament file's entries pass (`checkLogEntry`), so the authority never applies a
 * command whose fields it does not know.
 */
const isOutboxProposal = (value: unknown): value is OutboxProposal => {
  if (!isRecord(value)) return false
  const builtOn = value['builtOn']
  return (
    isString(value['_id']) &&
    value['_id'] !== '' &&
    value['type'] === 'proposal' &&
    isWholeNumber(value['order'], 0) &&
    isString(value['madeAt']) &&
    isRecord(builtOn) &&
    isWholeNumber(builtOn['length'], 0) &&
    (builtOn['last'] === null || isString(builtOn['last'])) &&
    checkLogEntry({ seq: 0, at: value['madeAt'], command: value['command'] }, 0).ok
  )
}

/** Issue 31: one line of text of at most `max` characters. */
const isOneLine = (value: unknown, max: number): value is string =>
  isString(value) &&
  value.length <= max &&
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  !/[\u0000-\u001f\u007f]/.test(value)

const none = (args: readonly unknown[]): boolean => args.length === 0

/** Issue 31: a database's address as the push takes it (checked as a URL where it is used). */
const isPushAddress = (value: unknown): boolean => isOneLine(value, 2000) && value.trim() !== ''

const one =
  (check: (value: unknown) => boolean) =>
  (args: readonly unknown[]): boolean =>
    args.length === 1 && check(args[0])

/** Issue 30: a division's name (one line) and a player's number. */
function isDivisionPlayer(args: readonly unknown[]): boolean {
  return (
    args.length === 2 &&
    isString(args[0]) &&
    args[0] !== '' &&
    args[0].length <= 100 &&
    !/[\r\n]/.test(args[0]) &&
    isWholeNumber(args[1], 1)
  )
}

/** One checker per channel: a channel added to the contract does not compile until it has one. */
export const argumentCheckers: {
  readonly [C in IpcChannel]: (args: readonly unknown[]) => boolean
} = {
  'app:info': none,
  'file:save-text': one(isSaveFileRequest),
  'file:open-text': one(isOpenFileRequest),
  'print:list-printers': none,
  'print:print': one(isPrintRequest),
  'print:save-pdf': one(isPdfRequest),
  // File names are checked again, one by one, where they are written (files.ts).
  'file:save-folder': one(isSaveFolderRequest),
  'backup:write': one(isBackupRequest),
  'backup:list': none,
  'backup:read': (args) =>
    args.length === 2 && isTournamentId(args[0]) && isString(args[1]) && isBackupName(args[1]),
  // The one rule for ids (issue 20): nothing that could smuggle a path or a URL into the route.
  'window:open-projector': one(isTournamentId),
  // The file is read and folded in main before anything is written (venue.ts).
  'venue:share': (args) =>
    args.length === 2 &&
    isString(args[0]) &&
    args[0] !== '' &&
    (args[1] === null || isVenuePort(args[1])),
  'venue:port': one(isTournamentId),
  'venue:stop': none,
  'venue:status': none,
  // The role the director chose: the desk's own request is only a suggestion (issue 27).
  'venue:approve': (args) =>
    args.length === 3 && isPairingCode(args[0]) && isDeskName(args[1]) && isApprovalRole(args[2]),
  'venue:refuse': one(isPairingCode),
  'venue:revoke': one(isDeskName),
  'venue:refuse-all': none,
  'venue:take-waiting': one(isDeskName),
  'venue:drop-waiting': one(isDeskName),
  'venue:propose': one(isOutboxProposal),
  'venue:accepted-from': one((value) => isWholeNumber(value, -1)),
  // The copy is read and checked by the authority (shared/venue/held.ts) before anything is taken.
  'venue:take-copy': (args) =>
    args.length === 2 && isCopyName(args[0]) && isString(args[1]) && args[1] !== '',
  'venue:reissue-code': isDivisionPlayer,
  'venue:revoke-code': isDivisionPlayer,
  // Issue 31: the address is checked as a URL by the authority; the password is never echoed.
  'venue:push-start': (args) =>
    args.length === 2 &&
    isOneLine(args[0], 2000) &&
    args[0].trim() !== '' &&
    (args[1] === '' || isOneLine(args[1], 1000)),
  'venue:push-stop': none,
  'venue:push-remembered': one(isPushAddress),
  'venue:push-remember': (args) =>
    args.length === 2 && isPushAddress(args[0]) && isOneLine(args[1], 1000) && args[1] !== '',
  'venue:push-forget': one(isPushAddress),
}

/** Where each channel carries a tournament id, so a refusal can name the rule it broke. */
const tournamentIdOf: { readonly [C in IpcChannel]?: (args: readonly unknown[]) => unknown } = {
  'backup:write': (args) => {
    const request = args[0]
    return isRecord(request) ? request['tournamentId'] : undefined
  },
  'backup:read': (args) => args[0],
  'window:open-projector': (args) => args[0],
  'venue:port': (args) => args[0],
}

/** Where the venue channels carry a pairing code and a desk's name. */
const pairingCodeOf: { readonly [C in IpcChannel]?: (args: readonly unknown[]) => unknown } = {
  'venue:approve': (args) => args[0],
  'venue:refuse': (args) => args[0],
}
const deskNameOf: { readonly [C in IpcChannel]?: (args: readonly unknown[]) => unknown } = {
  'venue:approve': (args) => args[1],
  'venue:revoke': (args) => args[0],
  'venue:take-waiting': (args) => args[0],
  'venue:drop-waiting': (args) => args[0],
}

/**
 * Why a channel's arguments were refused, in words (issue 20: an id the file reader accepts was
 * refused silently). A tournament id that breaks the rule is named with the rule's own reason.
 */
export function argumentRefusal(channel: IpcChannel, args: readonly unknown[]): string {
  const id = tournamentIdOf[channel]?.(args)
  if (id !== undefined) {
    const checked = checkTournamentId(id)
    if (!checked.ok) return checked.error.message
  }
  const code = pairingCodeOf[channel]?.(args)
  if (code !== undefined && !isPairingCode(code)) {
    return `the pairing code should be ${String(PAIRING_CODE_LENGTH)} of the letters and digits ${PAIRING_CODE_ALPHABET}, not ${JSON.stringify(code) ?? String(code)}`
  }
  if (channel === 'venue:approve' && args.length === 3 && !isApprovalRole(args[2])) {
    return `a desk is approved as ${APPROVAL_ROLES.join(', ')}, not ${JSON.stringify(args[2]) ?? String(args[2])}`
  }
  if (channel === 'venue:share' && args.length === 2 && args[1] !== null && !isVenuePort(args[1])) {
    return `a port is a whole number from ${String(MIN_VENUE_PORT)} to ${String(MAX_VENUE_PORT)}, not ${JSON.stringify(args[1]) ?? String(args[1])}`
  }
  const name = deskNameOf[channel]?.(args)
  if (name !== undefined && !isDeskName(name)) {
    return `a desk's name should be one line of 1 to ${String(DESK_NAME_MAX_LENGTH)} characters, not ${JSON.stringify(name) ?? String(name)}`
  }
  return `malformed arguments for ${channel}`
}

export function areValidArguments<C extends IpcChannel>(
  channel: C,
  args: readonly unknown[],
): args is IpcArgs<C> {
  return argumentCheckers[channel](args)
}
