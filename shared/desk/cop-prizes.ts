/**
 * COP's prize places and class prizes from the division's prize table (issue 29): the race COP
 * pairs for (shared/pairing/cop.ts) is for the prizes the director set. A place prize over the
 * whole field sets the prize places; one for a class makes that class a race of its own. A prize
 * for flagged players (juniors, newcomers) or one counted over some rounds only is not raced for.
 */
import type { CopClass, CopOptions } from '../pairing/cop'
import { classOf, prizeTableOf } from '../tournament/prizes'
import type { Division } from '../tournament/types'

export function copFromPrizes(division: Division): CopOptions {
  const table = prizeTableOf(division)
  let prizePlaces = 0
  const classPlaces = new Map<string, number>()
  for (const prize of table.prizes) {
    if (prize.kind !== 'place' || prize.rounds !== undefined) continue
    switch (prize.group.kind) {
      case 'all':
        prizePlaces = Math.max(prizePlaces, prize.place)
        break
      case 'class':
        classPlaces.set(
          prize.group.name,
          Math.max(classPlaces.get(prize.group.name) ?? 0, prize.place),
        )
        break
      case 'flag':
        break
    }
  }
  const classes: CopClass[] = [...classPlaces].map(([name, places]) => ({
    name,
    places,
    players: division.players
      .filter((p) => p.deleted !== true && classOf(table.classes, p) === name)
      .map((p) => p.id),
  }))
  return {
    ...(prizePlaces === 0 ? {} : { prizePlaces }),
    ...(classes.length === 0 ? {} : { classes }),
  }
}
