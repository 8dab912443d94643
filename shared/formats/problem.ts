/**
 * A problem found while reading or checking a file a director brought in (formats.md). Parsers collect
 * every problem instead of stopping at the first, so the director can fix a file in one pass.
 */
export const PROBLEM_SEVERITIES = ['error', 'warning'] as const
export type ProblemSeverity = (typeof PROBLEM_SEVERITIES)[number]

export interface FormatProblem {
  /** Line in the file, from 1 (a CSV problem counts records instead: see csv-players.ts). */
  readonly line: number
  /** Column in that line, from 1, when the problem is about one place in it. */
  readonly column?: number
  /** Stable dotted code, e.g. `tfile.opponent.asymmetric`. */
  readonly code: string
  /** Plain English without the file name or line, which the caller prefixes. */
  readonly message: string
  /** An error makes the file unusable; a warning is shown but the file can still be used. */
  readonly severity: ProblemSeverity
}

export const hasErrors = (problems: readonly FormatProblem[]): boolean =>
  problems.some((p) => p.severity === 'error')

/** `a.t:12: message (column 5)`: file and line first, so editors can jump to the line. */
export const formatProblem = (fileName: string, problem: FormatProblem): string =>
  `${fileName}:${String(problem.line)}: ${problem.severity === 'warning' ? 'warning: ' : ''}` +
  problem.message +
  (problem.column === undefined ? '' : ` (column ${String(problem.column)})`)
