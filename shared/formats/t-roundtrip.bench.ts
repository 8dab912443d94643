import { bench, describe } from 'vitest'
import { randomEvent, roundTripDifference } from './test-support/random-event'

// The `.t` round trip of t-roundtrip.test.ts at full size: 10,000 random events, each exported,
// read back and compared round by round. Prints the count and the time; fails on a difference.
const EVENTS = 10_000

// tinybench calls the function more than once even with one iteration asked for; the 10,000
// events are checked on the first call and the printed line is the figure.
let checked = false

describe(`.t round trip of ${String(EVENTS)} random events`, () => {
  bench(
    'export, read, import, same standings every round',
    () => {
      if (checked) return
      checked = true
      const started = performance.now()
      for (let seed = 0; seed < EVENTS; seed += 1) {
        const difference = roundTripDifference(randomEvent(seed * 2654435761))
        if (difference !== null) throw new Error(`seed ${String(seed)}: ${difference}`)
      }
      const seconds = (performance.now() - started) / 1000
      console.log(
        `.t round trip: ${String(EVENTS)} events, same standings, ${seconds.toFixed(1)} s`,
      )
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  )
})
