/**
 * A tiny argv parser for the CLI (no dependency): positionals, boolean `--flags`, and `--options`
 * with a value as `--name value` or `--name=value`; `--` ends the options.
 */
import { err, ok, type Result } from '../../shared/result'

export interface ArgSpec {
  readonly flags?: readonly string[]
  readonly options?: readonly string[]
}

export interface ParsedArgs {
  readonly positionals: readonly string[]
  readonly flags: ReadonlySet<string>
  readonly options: ReadonlyMap<string, string>
}

export function parseArgs(argv: readonly string[], spec: ArgSpec): Result<ParsedArgs> {
  const flags = new Set<string>()
  const options = new Map<string, string>()
  const positionals: string[] = []
  const known = (list: readonly string[] | undefined, name: string): boolean =>
    list?.includes(name) ?? false
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? ''
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (arg === '-h') {
      flags.add('help')
      continue
    }
    if (!arg.startsWith('--') || arg === '-') {
      positionals.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const name = arg.slice(2, eq < 0 ? undefined : eq)
    if (name === 'help' || known(spec.flags, name)) {
      if (eq >= 0) return err('cli.args.flag-value', `--${name} takes no value`)
      flags.add(name)
    } else if (known(spec.options, name)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : argv[i + 1]
      if (value === undefined) return err('cli.args.missing-value', `--${name} needs a value`)
      if (eq < 0) i += 1
      if (options.has(name)) return err('cli.args.repeated', `--${name} is given twice`)
      options.set(name, value)
    } else {
      return err('cli.args.unknown', `unknown option --${name}`)
    }
  }
  return ok({ positionals, flags, options })
}
