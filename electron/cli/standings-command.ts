/**
 * `standings FILE`: standings after a round of a tsh `.t` division, or of a division of a Rackside
 * tournament file (`.json`, folded from its log), as a table or JSON.
 */
import { decodeText } from '../../shared/formats/text-codec'
import { formatProblem } from '../../shared/formats/problem'
import { checkTFile } from '../../shared/formats/t-check'
import { readTournamentFile } from '../../shared/formats/tournament-file'
import { standingsByRoundFromTFile, type StandingRow } from '../../shared/standings/from-t-file'
import { standingsAsOf } from '../../shared/tournament/views'
import { parseCaps, rankingWords } from '../../shared/desk/ranking-choice'
import {
  checkRanking,
  DEFAULT_RANKING,
  rankingSentence,
  TIE_BREAKS,
  type Ranking,
  type TieBreak,
} from '../../shared/rules/ranking'
import { parseArgs } from './args'
import { CliError, EXIT, extensionOf, readBytes, type CliIo, type ExitCode } from './io'
import { encodingOption, readTInput } from './t-input'

export const STANDINGS_USAGE = `rackside standings FILE.t|FILE.json [--after-round N | --all-rounds] [--json]
                   [--bye-spread N] [--encoding latin1|utf8] [--division A]
                   [--tie-breaks KEY,KEY] [--spread-caps N,N]
  Standings after round N (default: the last round with results).
  --division picks the division of a .json tournament file that has several.
  A .json file is ranked as its division is set on the Settings screen; a .t file by wins, then
  spread, unless --tie-breaks lists others after wins (${TIE_BREAKS.join(', ')}) and
  --spread-caps gives a cap per round (the last one holds for later rounds).`

type ByRound = ReadonlyMap<number, readonly StandingRow[]>

/** --tie-breaks and --spread-caps as a ranking (issue 32), checked as Settings checks it. */
function rankingOption(
  tieBreaks: string | undefined,
  caps: string | undefined,
): Ranking | undefined {
  if (tieBreaks === undefined && caps === undefined) return undefined
  const keys = (tieBreaks ?? 'spread').split(',').filter((k) => k !== '')
  const unknown = keys.find((k) => !(TIE_BREAKS as readonly string[]).includes(k))
  if (unknown !== undefined) {
    throw new CliError(`--tie-breaks: no tie-break ${unknown} (${TIE_BREAKS.join(', ')})`)
  }
  const parsed = parseCaps(caps ?? '')
  if (!parsed.ok) throw new CliError(`--spread-caps: ${parsed.error.message}`)
  const checked = checkRanking({
    tieBreaks: keys as TieBreak[],
    spreadCapByRound: parsed.value,
  })
  if (!checked.ok) throw new CliError(checked.error.message)
  return checked.value
}

/** The standings of every round with a result, from a tournament file's folded log. */
async function jsonStandings(
  path: string,
  wanted: string | undefined,
  io: CliIo,
): Promise<{ byRound: ByRound; ranking: string } | null> {
  const text = decodeText(await readBytes(path), 'utf8')
  const read = text.ok ? readTournamentFile(text.value) : text
  if (!read.ok) {
    const line = read.error.line === undefined ? '' : `${String(read.error.line)}:`
    io.stdout(`${path}:${line} ${read.error.message}\n`)
    return null
  }
  const { state } = read.value
  const names = state.divisions.map((d) => d.name)
  const name =
    wanted === undefined
      ? names.length === 1
        ? names[0]
        : undefined
      : names.find((n) => n.toLowerCase() === wanted.toLowerCase())
  const division = state.divisions.find((d) => d.name === name)
  if (division === undefined) {
    throw new CliError(
      wanted === undefined
        ? `${path} has ${String(names.length)} divisions: choose one with --division (${names.join(', ')})`
        : `${path} has no division ${wanted}`,
    )
  }
  const byRound = new Map<number, readonly StandingRow[]>()
  for (const round of division.rounds) {
    if (round.results.every((r) => r === null)) continue
    const rows = standingsAsOf(state, division.name, round.number)
    if (!rows.ok) throw new CliError(rows.error.message)
    byRound.set(round.number, rows.value)
  }
  return { byRound, ranking: rankingWords(state, division.name) }
}

const wholeNumber = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new CliError(`--${name} must be a whole number`)
  return Number(value)
}

/** Wins and losses with a half for a tie: 8.5-3.5 (ASCII, so every console shows it). */
export const winLoss = (row: StandingRow): string => `${String(row.wins)}-${String(row.losses)}`

export const signed = (n: number): string => (n > 0 ? `+${String(n)}` : String(n))

export function standingsTable(rows: readonly StandingRow[]): string {
  const rankWidth = Math.max(1, ...rows.map((r) => String(r.rank).length))
  const nameWidth = Math.max(4, ...rows.map((r) => r.name.length))
  const wlWidth = Math.max(3, ...rows.map((r) => winLoss(r).length))
  const spreadWidth = Math.max(6, ...rows.map((r) => signed(r.spread).length))
  const header = `${'#'.padStart(rankWidth)}  ${'Name'.padEnd(nameWidth)}  ${'W-L'.padStart(wlWidth)}  ${'Spread'.padStart(spreadWidth)}`
  const lines = rows.map(
    (r) =>
      `${String(r.rank).padStart(rankWidth)}  ${r.name.padEnd(nameWidth)}  ${winLoss(r).padStart(wlWidth)}  ${signed(r.spread).padStart(spreadWidth)}`,
  )
  return [header, ...lines].join('\n')
}

export async function standingsCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseArgs(argv, {
    flags: ['all-rounds', 'json'],
    options: ['after-round', 'bye-spread', 'encoding', 'division', 'tie-breaks', 'spread-caps'],
  })
  if (!args.ok) throw new CliError(args.error.message)
  const { flags, options, positionals } = args.value
  if (flags.has('help')) {
    io.stdout(`${STANDINGS_USAGE}\n`)
    return EXIT.ok
  }
  const [path, ...extra] = positionals
  if (path === undefined || extra.length > 0) throw new CliError(`usage: ${STANDINGS_USAGE}`)
  const afterRound = wholeNumber('after-round', options.get('after-round'))
  if (afterRound !== undefined && flags.has('all-rounds')) {
    throw new CliError('give either --after-round or --all-rounds, not both')
  }
  const byeSpread = wholeNumber('bye-spread', options.get('bye-spread'))
  const ranking = rankingOption(options.get('tie-breaks'), options.get('spread-caps'))
  let byRound: ByRound
  let rankingLine: string
  if (extensionOf(path) === '.json') {
    if (byeSpread !== undefined) throw new CliError('--bye-spread is for .t files only')
    if (ranking !== undefined) {
      throw new CliError(
        '--tie-breaks and --spread-caps are for .t files: a .json file has its own',
      )
    }
    const fromLog = await jsonStandings(path, options.get('division'), io)
    if (fromLog === null) return EXIT.problems
    byRound = fromLog.byRound
    rankingLine = fromLog.ranking
  } else {
    const input = await readTInput(path, encodingOption(options.get('encoding')))
    // What `rackside check` refuses is refused here too: standings of an inconsistent file (a
    // score of 4526, a game listed by one player only) would be wrong without saying so.
    const problems = input.readable
      ? [...input.problems, ...checkTFile(input.file)]
      : input.problems
    if (!input.readable || problems.some((p) => p.severity === 'error')) {
      for (const p of problems.filter((q) => q.severity === 'error'))
        io.stdout(`${formatProblem(path, p)}\n`)
      io.stderr(`${path}: no standings, fix the errors above first (rackside check lists them)\n`)
      return EXIT.problems
    }
    const result = standingsByRoundFromTFile(input.file, {
      ...(byeSpread === undefined ? {} : { byeSpread }),
      ...(ranking === undefined ? {} : { ranking }),
    })
    rankingLine = rankingSentence(ranking ?? DEFAULT_RANKING)
    if (!result.ok) {
      const where = result.error.line === undefined ? '' : `${String(result.error.line)}:`
      io.stdout(`${path}:${where} ${result.error.message}\n`)
      return EXIT.problems
    }
    byRound = result.value
  }
  const rounds = [...byRound.keys()].sort((a, b) => a - b)
  const last = rounds[rounds.length - 1]
  let chosen: number[]
  if (flags.has('all-rounds')) chosen = rounds
  else if (afterRound !== undefined) {
    if (!byRound.has(afterRound)) {
      throw new CliError(
        last === undefined
          ? `${path} has no results yet`
          : `round ${String(afterRound)}: ${path} has standings for rounds 1 to ${String(last)}`,
      )
    }
    chosen = [afterRound]
  } else chosen = last === undefined ? [] : [last]

  if (flags.has('json')) {
    const afterRoundJson: Record<string, readonly StandingRow[]> = {}
    for (const round of chosen) {
      afterRoundJson[String(round)] = (byRound.get(round) ?? []).map((r) => ({
        rank: r.rank,
        player: r.player,
        name: r.name,
        wins: r.wins,
        losses: r.losses,
        spread: r.spread,
      }))
    }
    io.stdout(`${JSON.stringify({ afterRound: afterRoundJson })}\n`)
    return EXIT.ok
  }
  if (chosen.length === 0) {
    io.stdout(`${path}: no results yet\n`)
    return EXIT.ok
  }
  io.stdout(
    `${rankingLine}\n\n` +
      chosen
        .map(
          (round) => `After round ${String(round)}\n${standingsTable(byRound.get(round) ?? [])}\n`,
        )
        .join('\n'),
  )
  return EXIT.ok
}
