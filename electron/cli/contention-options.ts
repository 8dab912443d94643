/**
 * The `pair` command's contention and do-not-pair flags (issue 10): the same settings the Rounds
 * screen offers, for a `.t` file that does not carry them.
 *   --gibson                Gibsonize players who have clinched their prize band
 *   --gibson-spread N       the most spread one player gains or loses in a game (tsh's
 *                           gibson_spread; default 500, tsh's: a 1,000-point swing a round)
 *   --prize-bands 1,2,3     the last place of each paying band (tsh's prize_bands; default 1,2,3)
 *   --contender-rounds K    in the last K rounds, leaders meet players who can still catch them
 *                           (default 3 under the automatic plan, as tsh's ChewPair; 0 = off)
 *   --rounds TOTAL          the rounds of the event (needed to know how many are left)
 *   --avoid 3:17,5:9        pairs that must not meet (family, club-mates, …)
 */
import type { GibsonOptions } from '../../shared/pairing/types'
import { DEFAULT_CONTENTION, defaultContention } from '../../shared/tournament/pairing-rules'
import type { PlayerId } from '../../shared/results/game-result'
import { CliError } from './io'

export const CONTENTION_FLAGS = ['gibson'] as const
export const CONTENTION_OPTIONS = [
  'gibson-spread',
  'prize-bands',
  'contender-rounds',
  'rounds',
  'avoid',
] as const

export const CONTENTION_USAGE = `[--gibson] [--gibson-spread N] [--prize-bands 1,2,3] [--contender-rounds K]
                   [--rounds TOTAL] [--avoid A:B,C:D]`

const whole = (name: string, value: string): number => {
  if (!/^\d+$/.test(value)) throw new CliError(`--${name} must be a whole number, not "${value}"`)
  return Number(value)
}

/**
 * The engine's `gibson` and `avoid` from the flags; nothing when none is given. Under the
 * `automatic` plan (no --system) with --rounds known, contenders are paired in the last rounds
 * unless --contender-rounds says otherwise, as a division on the Rounds screen is by default.
 */
export function contentionFromArgs(
  flags: ReadonlySet<string>,
  options: ReadonlyMap<string, string>,
  automatic = false,
): {
  readonly gibson?: GibsonOptions
  readonly avoid?: readonly (readonly [PlayerId, PlayerId])[]
} {
  const spread = options.get('gibson-spread')
  const bands = options.get('prize-bands')
  const contenders = options.get('contender-rounds')
  const rounds = options.get('rounds')
  const avoidText = options.get('avoid')
  const avoid = avoidText === undefined ? undefined : avoidPairs(avoidText)
  const byDefault = automatic && contenders === undefined && rounds !== undefined
  const wanted =
    flags.has('gibson') || byDefault || (contenders !== undefined && contenders !== '0')
  if (!wanted) {
    if (spread !== undefined || bands !== undefined) {
      throw new CliError(
        '--gibson-spread and --prize-bands take effect with --gibson or --contender-rounds',
      )
    }
    return avoid === undefined ? {} : { avoid }
  }
  if (rounds === undefined) {
    throw new CliError(
      '--gibson and --contender-rounds need --rounds TOTAL (the rounds of the event)',
    )
  }
  const prizeBands =
    bands === undefined ? undefined : bands.split(',').map((t) => whole('prize-bands', t.trim()))
  prizeBands?.forEach((end, i) => {
    const before = prizeBands[i - 1]
    if (end < 1 || (before !== undefined && end <= before)) {
      throw new CliError(
        `--prize-bands lists the bands' last places in increasing order from 1, not "${bands ?? ''}"`,
      )
    }
  })
  const totalRounds = whole('rounds', rounds)
  const gibson: GibsonOptions = {
    totalRounds,
    maxSpreadPerRound:
      spread === undefined ? DEFAULT_CONTENTION.maxSpread : whole('gibson-spread', spread),
    gibsonize: flags.has('gibson'),
    contenderRounds:
      contenders === undefined
        ? byDefault
          ? defaultContention(totalRounds).contenderRounds
          : 0
        : whole('contender-rounds', contenders),
    ...(prizeBands === undefined ? {} : { prizeBands }),
  }
  return { gibson, ...(avoid === undefined ? {} : { avoid }) }
}

function avoidPairs(text: string): (readonly [PlayerId, PlayerId])[] {
  return text.split(',').map((pair) => {
    const match = /^\s*(\d+)\s*[:-]\s*(\d+)\s*$/.exec(pair)
    if (match === null || match[1] === match[2]) {
      throw new CliError(`--avoid takes pairs of two player numbers like 3:17, not "${pair}"`)
    }
    return [Number(match[1]), Number(match[2])] as const
  })
}
