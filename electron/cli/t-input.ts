/** Reading a `.t` file for a command: bytes, encoding guess (or `--encoding`), every problem. */
import { hasErrors, type FormatProblem } from '../../shared/formats/problem'
import { readTFile } from '../../shared/formats/t-file'
import type { TDivisionFile } from '../../shared/formats/t-file-types'
import {
  decodeTFileBytes,
  TEXT_ENCODINGS,
  type TextEncodingName,
} from '../../shared/formats/text-codec'
import { CliError, readBytes } from './io'

export interface TInput {
  readonly file: TDivisionFile
  readonly text: string
  readonly encoding: TextEncodingName
  /** Reading problems only (use checkTFile for consistency). */
  readonly problems: readonly FormatProblem[]
  readonly readable: boolean
}

export function encodingOption(value: string | undefined): TextEncodingName | undefined {
  if (value === undefined) return undefined
  const found = TEXT_ENCODINGS.find((e) => e === value)
  if (found === undefined) {
    throw new CliError(`--encoding must be one of ${TEXT_ENCODINGS.join(', ')}`)
  }
  return found
}

export async function readTInput(path: string, encoding?: TextEncodingName): Promise<TInput> {
  const decoded = decodeTFileBytes(await readBytes(path), encoding)
  return readTText(decoded.text, decoded.encoding)
}

export function readTText(text: string, encoding: TextEncodingName): TInput {
  const { file, problems } = readTFile(text)
  return { file, text, encoding, problems, readable: !hasErrors(problems) }
}
