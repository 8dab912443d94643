/*
 * The push online's state as data (issue 31): one owner for `rackside serve`'s terminal and the
 * app's Venue network screen, so both say the same of it. The push itself runs in the authority
 * (`electron/venue/remote-push.ts`); this only names and words what it reports.
 */

/**
 * starting: the remote database is being checked; sending: commands are on their way; sent: the
 * remote holds the whole log; error: it cannot be reached or refuses (`problem`); stopped: the
 * director stopped it.
 */
export const PUSH_PHASES = ['starting', 'sending', 'sent', 'error', 'stopped'] as const
export type PushPhase = (typeof PUSH_PHASES)[number]

/**
 * Why a push waits: the address does not answer, the name or password is refused (401), the
 * account may not write there (403), the address answers but is no CouchDB database, or the
 * database holds another event's log or another generation of this one (issue 27: a log that
 * does not extend the one pushed is never written over it).
 */
export const PUSH_PROBLEMS = [
  'unreachable',
  'wrong-password',
  'forbidden',
  'not-a-database',
  'another-log',
] as const
export type PushProblem = (typeof PUSH_PROBLEMS)[number]

export interface PushState {
  /** The database's address without its user name and password: this may be printed. */
  readonly url: string
  readonly phase: PushPhase
  /** Commands the remote database holds, as far as this push has sent them. */
  readonly sent: number
  /** When the push last sent something, ISO; null before the first. */
  readonly lastSentAt: string | null
  /** Commands of the log not sent yet. */
  readonly waiting: number
  /** Set while `phase` is 'error'. */
  readonly problem: PushProblem | null
  /** The remote's own words for the problem, when it gave any (never the password). */
  readonly detail: string | null
}

/** What a failed request of the push says, sorted into a problem the director can act on. */
export function pushProblemOf(error: unknown): { problem: PushProblem; detail: string | null } {
  const fields =
    typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {}
  const status = typeof fields['status'] === 'number' ? fields['status'] : undefined
  const words = [fields['reason'], fields['message']].find(
    (part): part is string => typeof part === 'string' && part !== '',
  )
  const detail = words ?? null
  if (status === 401) return { problem: 'wrong-password', detail }
  if (status === 403) return { problem: 'forbidden', detail }
  if (status === 404 || status === 405 || status === 400)
    return { problem: 'not-a-database', detail }
  // A page that is not CouchDB's answers with something that is not its JSON.
  if (typeof words === 'string' && /JSON|Unexpected token|not valid/i.test(words)) {
    return { problem: 'not-a-database', detail }
  }
  return { problem: 'unreachable', detail }
}

/** The problem in words, for the terminal and the screen alike. */
export function pushProblemWords(problem: PushProblem, url: string): string {
  switch (problem) {
    case 'unreachable':
      return `${url} cannot be reached (no internet, or the address is wrong): the push tries again by itself.`
    case 'wrong-password':
      return `${url} says the name or password is wrong (401): stop the push and start it again with the right password.`
    case 'forbidden':
      return `${url} does not let this account write there (403): give an account that may, or another database.`
    case 'not-a-database':
      return `${url} answers, but not as a CouchDB database: check the address.`
    case 'another-log':
      return `${url} holds another event's log, or this event's log from before it was replaced (a new generation): nothing was written over it. Push to a new database's address.`
  }
}

const counted = (count: number): string =>
  `${String(count)} ${count === 1 ? 'command' : 'commands'}`

/** One line for the terminal, said when the state's phase or problem changes. */
export function pushSentence(state: PushState): string {
  switch (state.phase) {
    case 'starting':
      return `Pushing the log to ${state.url}…`
    case 'sending':
      return `Live results online at ${state.url}: sending, ${counted(state.waiting)} waiting.`
    case 'sent':
      return `Live results online at ${state.url} are up to date: ${counted(state.sent)} sent.`
    case 'error':
      return `Live results online wait: ${pushProblemWords(state.problem ?? 'unreachable', state.url)}${state.detail === null ? '' : ` (${state.detail})`} ${counted(state.waiting)} waiting; the hall goes on.`
    case 'stopped':
      return `The push to ${state.url} is stopped: ${counted(state.sent)} sent, ${counted(state.waiting)} waiting. Type "push start" to send the rest.`
  }
}

/**
 * What a terminal line says of the state, or null when no line is due: the terminal says a line
 * when this changes, so reaching 'sent' after an error or a start is told, never each command
 * (sending and sent alternate at every result).
 */
export function pushLineKey(state: PushState): string | null {
  switch (state.phase) {
    case 'starting':
    case 'sending':
      return null
    case 'sent':
    case 'stopped':
      return state.phase
    case 'error':
      return `error:${state.problem ?? ''}`
  }
}
