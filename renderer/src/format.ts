/** Display helpers: formatting only, no rules. */

export function formatDay(isoDate: string): string {
  if (isoDate === '') return ''
  const date = new Date(`${isoDate}T12:00:00`)
  return Number.isNaN(date.getTime())
    ? isoDate
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })
}

export function formatUpdated(isoTime: string): string {
  if (isoTime === '') return ''
  const date = new Date(isoTime)
  return Number.isNaN(date.getTime())
    ? isoTime
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

export function formatDateRange(start: string, end: string): string {
  return start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`
}

/**
 * An instant (ms since the epoch) as the director's local time of day, in their locale: shared/
 * keeps instants, the screens show them where the desk is.
 */
export function formatClockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
}
