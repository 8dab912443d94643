import type { JoinRole } from '../../../shared/venue/protocol'

/**
 * The name the director's screen offers for each waiting desk (issue 21: "Desk 2", "Projector";
 * issue 27: "Check-in 1"): the first of "Desk 1", "Desk 2", … for a results desk, "Check-in 1",
 * … for a check-in desk, or "Projector", "Projector 2", … that no approved desk and no earlier
 * request in the list has, so approving them all in turn never gives two desks one name (a
 * revocation names the desk).
 */
export function suggestedNames(
  requests: readonly { readonly code: string; readonly role: JoinRole }[],
  taken: readonly string[],
): ReadonlyMap<string, string> {
  const used = new Set(taken.map((name) => name.trim().toLowerCase()))
  const names = new Map<string, string>()
  for (const request of requests) {
    const name = firstFree(request.role, used)
    used.add(name.toLowerCase())
    names.set(request.code, name)
  }
  return names
}

function firstFree(role: JoinRole, used: ReadonlySet<string>): string {
  const base = role === 'projector' ? 'Projector' : role === 'check-in' ? 'Check-in' : 'Desk'
  // A projector is "Projector" while it is the only one; desks (results desks "Desk", check-in
  // desks "Check-in") are numbered from 1.
  for (let n = 1; ; n++) {
    const name = role === 'projector' && n === 1 ? base : `${base} ${String(n)}`
    if (!used.has(name.toLowerCase())) return name
  }
}
