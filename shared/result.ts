/**
 * Rule violations are values, not exceptions: every function that can refuse a director's action
 * returns a Result whose error carries a stable code the UI translates (see renderer i18n).
 */
export type Result<T, E = RuleError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E }

export interface RuleError {
  /** Stable, dotted code (e.g. `player.name.empty`); never change one that has shipped. */
  readonly code: string
  /** Plain English for logs, the CLI and tests; the UI prefers its own text for `code`. */
  readonly message: string
  /** Which input field or file position the error is about, when there is one. */
  readonly field?: string
  readonly line?: number
  readonly column?: number
  readonly details?: Readonly<Record<string, string | number>>
}

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value })

export const err = (
  code: string,
  message: string,
  extra: Omit<RuleError, 'code' | 'message'> = {},
): Result<never, RuleError> => ({ ok: false, error: { code, message, ...extra } })

/** For exhaustive switches over domain unions: a missed case is a compile error here. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`)
}
