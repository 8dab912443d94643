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
