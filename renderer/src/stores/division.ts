import { defineStore } from 'pinia'
import { ref } from 'vue'

/**
 * A setting the director makes for one division of one tournament: kept per division, so a box
 * ticked for A never acts in B (issue 19), and read back with `fallback` until it is set.
 */
export type DivisionSettings<T> = Readonly<Record<string, T>>

function settingKey(tournament: string, division: string): string {
  return JSON.stringify([tournament, division])
}

export function settingFor<T>(
  settings: DivisionSettings<T>,
  tournament: string | null,
  division: string | null,
  fallback: T,
): T {
  if (tournament === null || division === null) return fallback
  const key = settingKey(tournament, division)
  return Object.hasOwn(settings, key) ? (settings[key] as T) : fallback
}

export function withSetting<T>(
  settings: DivisionSettings<T>,
  tournament: string,
  division: string,
  value: T,
): DivisionSettings<T> {
  return { ...settings, [settingKey(tournament, division)]: value }
}

/** Session storage keeps the settings through a reload of this window, never into another. */
const PAIR_ONLY_CHECKED_IN = 'rackside:pair-only-checked-in'

function readStored(): DivisionSettings<boolean> {
  try {
    const raw = globalThis.sessionStorage?.getItem(PAIR_ONLY_CHECKED_IN)
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    if (typeof parsed !== 'object' || parsed === null) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => {
        return typeof entry[1] === 'boolean'
      }),
    )
  } catch {
    return {}
  }
}

/**
 * The division the desk is working in, one choice for every screen (issue 11): the URL carries it
 * (`?division=B`) and this store remembers it, so a screen reached without it in its URL (the
 * navigation, a keyboard shortcut) opens on the same division rather than on the first one.
 */
export const useDivisionStore = defineStore('division', () => {
  /** The chosen division, per open tournament (a division B of one event is not another's). */
  const chosen = ref<{ readonly tournament: string; readonly name: string } | null>(null)

  function remembered(tournament: string | null): string | null {
    return chosen.value !== null && chosen.value.tournament === tournament
      ? chosen.value.name
      : null
  }

  function remember(tournament: string | null, name: string): void {
    if (tournament === null) return
    if (chosen.value?.tournament === tournament && chosen.value.name === name) return
    chosen.value = { tournament, name }
  }

  /**
   * "Pair only players checked in today", per division: on until the director turns it off for
   * that division, and off stays off (issue 19: it turned itself back on for every screen).
   */
  const onlyCheckedIn = ref<DivisionSettings<boolean>>(readStored())

  function pairsOnlyCheckedIn(tournament: string | null, division: string | null): boolean {
    return settingFor(onlyCheckedIn.value, tournament, division, true)
  }

  function setPairsOnlyCheckedIn(tournament: string | null, division: string, on: boolean): void {
    if (tournament === null) return
    onlyCheckedIn.value = withSetting(onlyCheckedIn.value, tournament, division, on)
    try {
      globalThis.sessionStorage?.setItem(PAIR_ONLY_CHECKED_IN, JSON.stringify(onlyCheckedIn.value))
    } catch {
      // A full or missing session storage only costs the setting at the next reload.
    }
  }

  /**
   * What a panel holds for one division while the director works elsewhere (issue 28: the round
   * clock's absent ticks, the pairing summary of every division paired by A): each screen is
   * built afresh per division, so it reads its panel back from here when it opens.
   */
  const panels = ref<DivisionSettings<unknown>>({})

  function held<T>(
    tournament: string | null,
    division: string | null,
    panel: string,
    fallback: T,
  ): T {
    return settingFor(
      panels.value as DivisionSettings<T>,
      tournament,
      division && `${division}\n${panel}`,
      fallback,
    )
  }

  function hold<T>(tournament: string | null, division: string, panel: string, value: T): void {
    if (tournament === null) return
    panels.value = withSetting(panels.value, tournament, `${division}\n${panel}`, value)
  }

  return { remembered, remember, pairsOnlyCheckedIn, setPairsOnlyCheckedIn, held, hold }
})
