import type { LinkState } from './link'

/**
 * The connection badge's words (issue 21): who this desk is, whether it reaches the director's
 * laptop and how many of its commands still wait for an answer. `hourMinute` formats the time the
 * link dropped, in the desk's own clock.
 */
export function badgeText(
  deskName: string,
  state: LinkState,
  pending: number,
  hourMinute: (iso: string) => string,
): string {
  const waiting = pending === 0 ? [] : [`${String(pending)} waiting for the director's laptop`]
  switch (state.kind) {
    case 'online':
      return [deskName, 'online', ...waiting].join(' · ')
    case 'offline':
      return [deskName, `offline since ${hourMinute(state.since)}`, ...waiting].join(' · ')
    case 'revoked':
      return `${deskName} · removed by the director`
  }
}
