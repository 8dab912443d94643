/**
 * Registration lists as CSV (formats.md, "CSV"): a header row in any column order, at least a
 * name. Quoting follows RFC 4180; spreadsheets in many locales write `;` instead of `,`, so the
 * delimiter is detected from the header. A row that cannot be read is reported with its row number
 * and the import is refused as a whole: half a player list is worse than none.
 */
import { err, ok, type Result, type RuleError } from '../result'
import type { FormatProblem } from './problem'

export const CSV_DELIMITERS = [',', ';', '\t'] as const
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number]

export const CSV_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'rating',
  'memberId',
  'club',
  'team',
  'country',
  'division',
  'email',
  'phone',
  'lifetimeGames',
] as const
export type CsvField = (typeof CSV_FIELDS)[number]

/** Header spellings per field, compared after lower-casing and dropping spaces, `_`, `-`, `.`. */
const SYNONYMS: Readonly<Record<CsvField, readonly string[]>> = {
  name: ['name', 'player', 'playername', 'fullname', 'nom', 'naam', 'participant', 'entrant'],
  firstName: [
    'firstname',
    'first',
    'givenname',
    'givennames',
    'given',
    'forename',
    'forenames',
    'prenom',
    'vorname',
  ],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'nachname', 'nomdefamille'],
  rating: [
    'rating',
    'rtg',
    'elo',
    'rating1',
    'currentrating',
    'ratings',
    'naspa rating',
    'wespa rating',
  ].map((s) => s.replace(/\s/g, '')),
  memberId: [
    'memberid',
    'member',
    'membernumber',
    'memberno',
    'membershipnumber',
    'membershipno',
    'membership',
    'membershipid',
    'playerid',
    'id',
    'naspa',
    'naspaid',
    'wespa',
    'wespaid',
  ],
  club: ['club', 'clubname', 'association'],
  team: ['team', 'teamname'],
  country: ['country', 'nation', 'federation', 'countrycode', 'nationality'],
  division: ['division', 'div', 'section', 'group'],
  email: ['email', 'mail', 'emailaddress'],
  phone: ['phone', 'telephone', 'tel', 'mobile', 'phonenumber', 'cell', 'mobilephone'],
  // tsh's `.t` tag and its meaning in words (issue 22).
  lifetimeGames: ['lifeg', 'lifetimegames', 'lifetime'],
}

export interface CsvPlayerRow {
  /** Spreadsheet row: the header is row 1. */
  readonly row: number
  /** As tsh writes it: "Surname, Given" when the list has separate name columns. */
  readonly name: string
  readonly rating: number | null
  readonly memberId: string | null
  readonly club: string | null
  readonly team: string | null
  readonly country: string | null
  readonly division: string | null
  readonly email: string | null
  readonly phone: string | null
  /** As written: the registration rules check it (validatePlayerInput), naming the row. */
  readonly lifetimeGames: string | null
}

export interface CsvPlayersRead {
  readonly rows: readonly CsvPlayerRow[]
  /** `line` is the file line where the record starts; messages name the spreadsheet row. */
  readonly problems: readonly FormatProblem[]
  readonly delimiter: CsvDelimiter
  /** Header cells that match no field, for the import report. */
  readonly ignoredColumns: readonly string[]
}

interface CsvRecord {
  readonly line: number
  readonly fields: readonly string[]
}

const normalHeader = (cell: string): string =>
  cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_.-]/g, '')

/** Counts each delimiter outside quotes on the first record; the most frequent wins, `,` on ties. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((d) => [d, 0]))
  let quoted = false
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) {
      counts.set(ch, (counts.get(ch) ?? 0) + 1)
    }
  }
  let best: CsvDelimiter = ','
  for (const d of CSV_DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d
  return best
}

/** RFC 4180 records; a quote problem ends the read with an error at its line. */
export function parseCsv(
  text: string,
  delimiter: CsvDelimiter,
): { records: CsvRecord[]; problem: FormatProblem | null } {
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let recordLine = 1
  let i = 0
  let quotedField = false
  const endField = (): void => {
    fields.push(quotedField ? field : field.trim())
    field = ''
    quotedField = false
  }
  const endRecord = (): void => {
    endField()
    records.push({ line: recordLine, fields })
    fields = []
  }
  while (i < text.length) {
    const ch = text.charAt(i)
    if (ch === '"' && field.trim() === '' && !quotedField) {
      const start = line
      quotedField = true
      field = ''
      i += 1
      for (;;) {
        if (i >= text.length) {
          return {
            records,
            problem: {
              line: start,
              code: 'csv.quote.unclosed',
              message: 'a quoted field is not closed',
              severity: 'error',
            },
          }
        }
        const q = text.charAt(i)
        if (q === '"' && text.charAt(i + 1) === '"') {
          field += '"'
          i += 2
        } else if (q === '"') {
          i += 1
          break
        } else {
          if (q === '\n' || (q === '\r' && text.charAt(i + 1) !== '\n')) line += 1
          field += q
          i += 1
        }
      }
      // After the closing quote only spaces may come before the delimiter or line end.
      while (text.charAt(i) === ' ') i += 1
      const next = text.charAt(i)
      if (i < text.length && next !== delimiter && next !== '\n' && next !== '\r') {
        return {
          records,
          problem: {
            line,
            code: 'csv.quote.trailing',
            message: `text after a closing quote: ${JSON.stringify(next)}`,
            severity: 'error',
          },
        }
      }
      continue
    }
    if (ch === delimiter) {
      endField()
      i += 1
    } else if (ch === '\r' || ch === '\n') {
      endRecord()
      i += ch === '\r' && text.charAt(i + 1) === '\n' ? 2 : 1
      line += 1
      recordLine = line
    } else if (ch === '"') {
      return {
        records,
        problem: {
          line,
          code: 'csv.quote.inside',
          message: 'a quote inside a field that does not start with one',
          severity: 'error',
        },
      }
    } else {
      field += ch
      i += 1
    }
  }
  if (field !== '' || fields.length > 0 || quotedField) endRecord()
  return { records, problem: null }
}

const rowProblem = (
  record: CsvRecord,
  row: number,
  code: string,
  message: string,
  severity: FormatProblem['severity'] = 'error',
): FormatProblem => ({
  line: record.line,
  code,
  message: `row ${String(row)}: ${message}`,
  severity,
})

/** Limits on a registration list, refused with the row: far beyond any real event's list. */
export const CSV_LIMITS = { rows: 20_000, columns: 100, cellLength: 1_000 } as const

export function readCsvPlayers(text: string): CsvPlayersRead {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  const delimiter = detectDelimiter(body)
  const { records, problem } = parseCsv(body, delimiter)
  const problems: FormatProblem[] = problem === null ? [] : [problem]
  const header = records[0]
  if (header === undefined) {
    if (problem === null) {
      problems.push({ line: 1, code: 'csv.empty', message: 'the file is empty', severity: 'error' })
    }
    return { rows: [], problems, delimiter, ignoredColumns: [] }
  }
  if (records.length - 1 > CSV_LIMITS.rows || header.fields.length > CSV_LIMITS.columns) {
    const many = records.length - 1 > CSV_LIMITS.rows
    problems.push({
      line: many ? (records[CSV_LIMITS.rows + 1]?.line ?? 1) : header.line,
      code: 'csv.limit',
      message: many
        ? `more than ${String(CSV_LIMITS.rows)} rows: split the list`
        : `row 1: ${String(header.fields.length)} columns; at most ${String(CSV_LIMITS.columns)} are read`,
      severity: 'error',
    })
    return { rows: [], problems, delimiter, ignoredColumns: [] }
  }
  const columns = new Map<CsvField, number>()
  const ignoredColumns: string[] = []
  header.fields.forEach((cell, index) => {
    const key = normalHeader(cell)
    const field = CSV_FIELDS.find((f) => SYNONYMS[f].includes(key))
    if (field === undefined) {
      if (cell !== '') ignoredColumns.push(cell)
      return
    }
    if (columns.has(field)) {
      problems.push({
        line: header.line,
        column: index + 1,
        code: 'csv.header.duplicate',
        message: `row 1: two columns mean ${field} ("${cell}")`,
        severity: 'error',
      })
      return
    }
    columns.set(field, index)
  })
  if (!columns.has('name') && !columns.has('lastName')) {
    problems.push({
      line: header.line,
      code: 'csv.header.name',
      message: 'row 1: no name column (Name, or Surname/Last name with First name)',
      severity: 'error',
    })
    return { rows: [], problems, delimiter, ignoredColumns }
  }

  const rows: CsvPlayerRow[] = []
  records.slice(1).forEach((record, index) => {
    const row = index + 2
    if (record.fields.every((f) => f === '')) return // blank rows end many exported sheets
    if (record.fields.length > header.fields.length) {
      problems.push(
        rowProblem(
          record,
          row,
          'csv.row.columns',
          `${String(record.fields.length)} cells for ${String(header.fields.length)} columns (a missing quote?)`,
        ),
      )
      return
    }
    const long = record.fields.findIndex((f) => f.length > CSV_LIMITS.cellLength)
    if (long >= 0) {
      problems.push(
        rowProblem(
          record,
          row,
          'csv.row.cell-length',
          `column ${String(long + 1)} has ${String(record.fields[long]?.length ?? 0)} characters; at most ${String(CSV_LIMITS.cellLength)} are read`,
        ),
      )
      return
    }
    const cell = (field: CsvField): string | null => {
      const index = columns.get(field)
      const value = index === undefined ? undefined : record.fields[index]
      return value === undefined || value === '' ? null : value
    }
    const last = cell('lastName')
    const first = cell('firstName')
    const name =
      cell('name') ?? (last !== null && first !== null ? `${last}, ${first}` : (last ?? first))
    if (name === null) {
      problems.push(rowProblem(record, row, 'csv.row.name', 'no name'))
      return
    }
    const ratingText = cell('rating')
    if (ratingText !== null && !/^\d+$/.test(ratingText)) {
      problems.push(
        rowProblem(record, row, 'csv.row.rating', `rating "${ratingText}" is not a whole number`),
      )
      return
    }
    const email = cell('email')
    if (email !== null && !/^[^@\s]+@[^@\s]+$/.test(email)) {
      problems.push(
        rowProblem(
          record,
          row,
          'csv.row.email',
          `"${email}" does not look like an email address`,
          'warning',
        ),
      )
    }
    rows.push({
      row,
      name,
      rating: ratingText === null ? null : Number(ratingText),
      memberId: cell('memberId'),
      club: cell('club'),
      team: cell('team'),
      country: cell('country'),
      division: cell('division'),
      email,
      phone: cell('phone'),
      lifetimeGames: cell('lifetimeGames'),
    })
  })
  if (problem !== null) {
    problems.push({
      line: problem.line,
      code: 'csv.incomplete',
      message: 'the rest of the file after this line was not read',
      severity: 'error',
    })
  }
  return { rows, problems, delimiter, ignoredColumns }
}

/**
 * Every row, or a refusal: one unreadable row refuses the whole import (formats.md: never import
 * half a file silently). The error names the first bad row and counts them all.
 */
export function importCsvPlayers(text: string): Result<readonly CsvPlayerRow[], RuleError> {
  const read = readCsvPlayers(text)
  const errors = read.problems.filter((p) => p.severity === 'error')
  const first = errors[0]
  if (first === undefined) return ok(read.rows)
  return err(first.code, first.message, {
    line: first.line,
    details: { errors: errors.length },
  })
}
