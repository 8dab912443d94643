/**
 * `convert IN OUT`: between tsh `.t`, tsh `.tsh` archives and AUPAIR `.tou` (formats.md), chosen by
 * the file extensions. The output is written atomically and never over the input.
 */
import { basename, extname } from 'node:path'
import { parseConfigTsh } from '../../shared/formats/config-tsh'
import { formatProblem, type FormatProblem } from '../../shared/formats/problem'
import { checkTFile } from '../../shared/formats/t-check'
import { serializeTFile } from '../../shared/formats/t-file'
import {
  decodeTFileBytes,
  encodeText,
  type TextEncodingName,
} from '../../shared/formats/text-codec'
import { TOU_BYE_MODES, writeTou } from '../../shared/formats/tou'
import {
  isSafeArchiveName,
  parseTshArchive,
  serializeTshArchive,
  type TshArchive,
} from '../../shared/formats/tsh-archive'
import { parseArgs, type ParsedArgs } from './args'
import {
  CliError,
  EXIT,
  extensionOf,
  readBytes,
  sameFile,
  writeFileAtomic,
  type CliIo,
  type ExitCode,
} from './io'
import { encodingOption, readTText, type TInput } from './t-input'

export const CONVERT_USAGE = `rackside convert IN OUT [options]
  By extension:
    .t   -> .t     rewrite in tsh layout (round trip)
    .t   -> .tou   AUPAIR rating file: --title T --date YYYY-MM-DD --division A
                   [--high-word N] [--bye-mode ${TOU_BYE_MODES.join('|')}]
    .tsh -> .t     extract one division: --division A (a division name or file name)
    .t   -> .tsh   wrap into an archive: [--division A] [--config config.tsh]
    .tsh -> .tsh   rewrite an archive
  --encoding latin1|utf8   how IN is encoded (default: UTF-8 if valid, else Latin-1)`

const JSON_NOT_YET =
  'not supported yet: tournament JSON arrives with the file issue (convert handles .t, .tsh, .tou)'

const today = (): string => {
  const d = new Date()
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

const stem = (path: string): string => basename(path, extname(path))

function refuseProblems(path: string, problems: readonly FormatProblem[], io: CliIo): boolean {
  const errors = problems.filter((p) => p.severity === 'error')
  if (errors.length === 0) return false
  for (const p of errors) io.stdout(`${formatProblem(path, p)}\n`)
  io.stderr(`${path}: not converted, fix the errors above first\n`)
  return true
}

function encodeOrFail(text: string, encoding: TextEncodingName, out: string): Uint8Array {
  const bytes = encodeText(text, encoding)
  if (!bytes.ok) throw new CliError(`cannot write ${out}: ${bytes.error.message}`)
  return bytes.value
}

function pickFromArchive(archive: TshArchive, wanted: string | undefined, path: string) {
  if (wanted === undefined) {
    const [only, ...more] = archive.files
    if (only !== undefined && more.length === 0) return only
    throw new CliError(
      `${path} holds ${String(archive.files.length)} division files: choose one with --division (${archive.files.map((f) => f.name).join(', ')})`,
    )
  }
  const byName = archive.files.find((f) => f.name === wanted)
  if (byName !== undefined) return byName
  const division = parseConfigTsh(archive.configText).config.divisions.find(
    (d) => d.name.toLowerCase() === wanted.toLowerCase(),
  )
  const byDivision = archive.files.find((f) => f.name === division?.file)
  if (byDivision !== undefined) return byDivision
  throw new CliError(`${path} has no division ${wanted}`)
}

async function tToTou(input: TInput, inPath: string, out: string, args: ParsedArgs) {
  const o = args.options
  const highWord = o.get('high-word') ?? '0'
  if (!/^\d+$/.test(highWord)) throw new CliError('--high-word must be a whole number')
  const byeModeText = o.get('bye-mode') ?? 'opponent-zero'
  const byeMode = TOU_BYE_MODES.find((m) => m === byeModeText)
  if (byeMode === undefined)
    throw new CliError(`--bye-mode must be one of ${TOU_BYE_MODES.join(', ')}`)
  const tou = writeTou(input.file, {
    title: o.get('title') ?? stem(inPath),
    date: o.get('date') ?? today(),
    division: o.get('division') ?? stem(inPath).toUpperCase(),
    highWordScore: Number(highWord),
    byeMode,
  })
  if (!tou.ok) throw new CliError(tou.error.message)
  await writeFileAtomic(out, encodeOrFail(tou.value, 'latin1', out))
}

export async function convertCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseArgs(argv, {
    options: ['title', 'date', 'division', 'high-word', 'bye-mode', 'encoding', 'config'],
  })
  if (!args.ok) throw new CliError(args.error.message)
  if (args.value.flags.has('help')) {
    io.stdout(`${CONVERT_USAGE}\n`)
    return EXIT.ok
  }
  const [inPath, out, ...extra] = args.value.positionals
  if (inPath === undefined || out === undefined || extra.length > 0) {
    throw new CliError(`usage: ${CONVERT_USAGE}`)
  }
  const from = extensionOf(inPath)
  const to = extensionOf(out)
  if (from === '.json' || to === '.json') throw new CliError(JSON_NOT_YET)
  if (await sameFile(inPath, out)) throw new CliError(`refusing to overwrite the input ${inPath}`)
  const encoding = encodingOption(args.value.options.get('encoding'))
  const decoded = decodeTFileBytes(await readBytes(inPath), encoding)
  const division = args.value.options.get('division')

  if (from === '.t') {
    const input = readTText(decoded.text, decoded.encoding)
    if (refuseProblems(inPath, input.problems, io)) return EXIT.problems
    if (to === '.t') {
      await writeFileAtomic(out, encodeOrFail(serializeTFile(input.file), decoded.encoding, out))
    } else if (to === '.tou') {
      if (refuseProblems(inPath, checkTFile(input.file), io)) return EXIT.problems
      await tToTou(input, inPath, out, args.value)
    } else if (to === '.tsh') {
      const name = basename(inPath)
      if (!isSafeArchiveName(name))
        throw new CliError(`${name} cannot be a file name in an archive`)
      const configPath = args.value.options.get('config')
      const configText =
        configPath === undefined
          ? `division ${division ?? stem(inPath).toUpperCase()} ${name}`
          : decodeTFileBytes(await readBytes(configPath), encoding).text.replace(/\s+$/, '')
      const archive = serializeTshArchive({ configText, files: [{ name, text: decoded.text }] })
      if (!archive.ok) throw new CliError(archive.error.message)
      await writeFileAtomic(out, encodeOrFail(archive.value, decoded.encoding, out))
    } else {
      throw new CliError(`cannot convert .t to ${to || 'a file without extension'}`)
    }
    io.stderr(`wrote ${out}\n`)
    return EXIT.ok
  }

  if (from === '.tsh') {
    const archive = parseTshArchive(decoded.text)
    if (!archive.ok) {
      const e = archive.error
      io.stdout(`${inPath}:${String(e.line ?? 1)}: ${e.message}\n`)
      return EXIT.problems
    }
    if (to === '.t') {
      const picked = pickFromArchive(archive.value, division, inPath)
      const input = readTText(picked.text, decoded.encoding)
      if (refuseProblems(`${inPath}(${picked.name})`, input.problems, io)) return EXIT.problems
      await writeFileAtomic(out, encodeOrFail(picked.text, decoded.encoding, out))
    } else if (to === '.tsh') {
      const text = serializeTshArchive(archive.value)
      if (!text.ok) throw new CliError(text.error.message)
      await writeFileAtomic(out, encodeOrFail(text.value, decoded.encoding, out))
    } else {
      throw new CliError(`cannot convert .tsh to ${to || 'a file without extension'}`)
    }
    io.stderr(`wrote ${out}\n`)
    return EXIT.ok
  }
  throw new CliError(`cannot convert from ${from || 'a file without extension'}: use .t or .tsh`)
}
