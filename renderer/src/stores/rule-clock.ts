/*
 * What time it is for the rules (issue 27): the one place a desk reads the time or day it puts
 * into a command (an arrival, a round's start, the check-in day) and the stamp on its log
 * entries. On one laptop that is its own clock; on the venue network it is the authority's, as the
 * link estimates it (`VenueLink.now`), so a desk's clock set wrong never charges or refuses
 * lateness. The clock store (`clock.ts`) reads it for the screens.
 */

let source: () => number = () => Date.now()

/** The time for the rules, epoch ms. */
export function ruleNow(): number {
  return source()
}

/**
 * From now on the rules' time is `now` (a venue link's estimate of the authority's clock);
 * returns the way back to the clock used before (sharing stopped).
 */
export function setRuleTime(now: () => number): () => void {
  const before = source
  source = now
  return () => {
    if (source === now) source = before
  }
}
