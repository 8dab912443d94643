import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { localDay as localDayOf } from '../../../shared/desk/check-in'
import { ruleNow } from './rule-clock'

/** The local calendar day of a moment (one owner since issue 30: shared/desk's `localDay`). */
export function localDay(ms: number): string {
  return localDayOf(new Date(ms))
}

/**
 * The wall clock, read in one place: shared/ never reads the time, so screens pass `now` in. It is
 * the rules' time (`rule-clock.ts`: the authority's on the venue network, issue 27). It ticks once
 * a second only while some screen (a round clock) has asked it to.
 */
export const useClockStore = defineStore('clock', () => {
  const now = ref(ruleNow())
  const today = computed(() => localDay(now.value))
  let users = 0
  let timer: ReturnType<typeof setInterval> | undefined

  function read(): number {
    now.value = ruleNow()
    return now.value
  }

  /** Start ticking; call the returned function when the screen goes away. */
  function tick(): () => void {
    users++
    if (users === 1) timer = setInterval(read, 1000)
    read()
    let stopped = false
    return () => {
      if (stopped) return
      stopped = true
      users--
      if (users === 0 && timer !== undefined) clearInterval(timer)
    }
  }

  return { now, today, read, tick }
})
