import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { DeskRole } from '../../../shared/authority/proposal'
import { mayPropose } from '../../../shared/authority/roles'
import type { CommandType, LoggedCommand } from '../../../shared/tournament/commands'
import type {
  HeldProposal,
  JoinRole,
  VenueDesk,
  VenueEvent,
  VenueInfo,
} from '../../../shared/venue/protocol'
import { formatClockTime } from '../format'
import { randomUuid } from '../random-id'
import { badgeText } from '../venue/badge'
import { refusalText } from '../venue/refusal-words'
import { askToJoin, fetchVenueInfo, joinStatus, type Fetch } from '../venue/join'
import type { LinkState, VenueLink } from '../venue/link'
import { deskKeeping, type DeskKeeping } from '../venue/venue-mode'
import { createVenueChannel } from '../venue/venue-channel'
import { announceLinkChanges, createVenueRepository } from '../venue/venue-repository'
import { adoptDesk } from './desk-id'
import { announceHere } from './live'
import { setRuleTime } from './rule-clock'
import { useTournamentStore } from './tournament'
import { setChannel } from './command-channel'
import { setRepository } from './repository'

/** What the venue store needs from the page, passed in so the join flow is tested without one. */
export interface VenueEnvironment {
  readonly origin: string
  readonly fetch: Fetch
  readonly keeping: DeskKeeping
  /** Where the last event info is kept, so a desk reloaded while offline still opens the event. */
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  readonly openLink: (
    origin: string,
    token: string,
    info: VenueInfo,
    onRevoked: () => void,
  ) => Promise<VenueLink>
  /** Waits between two asks of whether the director approved. */
  readonly wait: (ms: number) => Promise<void>
  /** Runs `run` every `ms` until stopped. */
  readonly every: (ms: number, run: () => void) => () => void
  /**
   * Starts the page again. Only for a new event or generation at the authority (a file opened
   * there, `serve` restarted on another file): the tournament store's fold and checkpoints,
   * History's and the reports' lines, the link's replicas and this desk's outbox all belong to the
   * log that was replaced, and a new page is the one way none of them is mixed into the new log.
   * Joining needs no such thing (issue 27): nothing of an event is held before it.
   */
  readonly restart: () => void
}

export function browserVenueEnvironment(openLink: VenueEnvironment['openLink']): VenueEnvironment {
  return {
    origin: location.origin,
    fetch: (url, init) => fetch(url, init),
    keeping: deskKeeping(localStorage, location.origin),
    storage: localStorage,
    openLink,
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    every: (ms, run) => {
      const timer = setInterval(run, ms)
      return () => clearInterval(timer)
    },
    restart: () => location.reload(),
  }
}

/** How long a new desk waits for the first of the log before it shows the event. */
const FIRST_LOG_MS = 20_000

/**
 * A desk that has just joined holds nothing yet: the event opens once the first entries have
 * arrived (a 10 000-command log comes in one batch), or at once when the link is down.
 */
async function firstEntries(link: VenueLink, env: VenueEnvironment): Promise<void> {
  for (let waited = 0; waited < FIRST_LOG_MS; waited += 100) {
    if ((await link.acceptedFrom(-1)).length > 0 || link.state().kind !== 'online') return
    await env.wait(100)
  }
}

/**
 * How often a connected desk asks the authority about itself and the event: a revoked token is
 * seen within seconds (replication's long poll would take until its timeout), and a file opened
 * at the authority (a new event or generation) starts the desk again on it.
 */
const INFO_MS = 5000

/**
 * How often a waiting desk asks whether the director approved it: a quarter second, since the
 * wait after the director's approval counts in a new desk's catching up (issue 27: a 1 s poll was
 * a third of the 3 s goal). Asking costs the authority a map look-up, and joins are capped.
 */
const POLL_MS = 250

export const VENUE_PHASES = [
  'starting',
  'join',
  'waiting',
  'refused',
  // Approved: the token is kept and the desk is opening the event in place (issue 27).
  'approved',
  'connected',
  'revoked',
  'unreachable',
] as const
export type VenuePhase = (typeof VENUE_PHASES)[number]

export interface ShownRefusal {
  readonly id: string
  readonly text: string
}

/**
 * A window in venue mode (issue 21): joining, the link to the authority, and what the badge and
 * the refusals show. The log itself is the tournament store's, through the venue repository.
 */
export const useVenueStore = defineStore('venue', () => {
  const phase = ref<VenuePhase>('starting')
  const code = ref<string | null>(null)
  const problem = ref<string | null>(null)
  const desk = shallowRef<VenueDesk | null>(null)
  const event = shallowRef<VenueEvent | null>(null)
  const linkState = shallowRef<LinkState>({ kind: 'online' })
  const pending = ref(0)
  const refusals = ref<readonly ShownRefusal[]>([])
  let env: VenueEnvironment | undefined
  let link: VenueLink | undefined

  const infoKey = (): string => `rackside.venue.info:${env?.origin ?? ''}`

  const badge = computed(() =>
    desk.value === null
      ? null
      : badgeText(desk.value.name, linkState.value, pending.value, (iso) =>
          formatClockTime(Date.parse(iso)).slice(0, 5),
        ),
  )

  /** This window's role: the director's outside venue mode and on the director's laptop. */
  const role = computed<DeskRole>(() => desk.value?.role ?? 'director')
  /**
   * Whether this desk may give a command of this type (issue 27): the authority's own table
   * (`mayPropose`, shared/authority/roles.ts), so a screen never offers what would be refused.
   */
  const may = (type: CommandType): boolean => mayPropose(role.value, { type }).ok

  let stopWatching: (() => void) | undefined

  function revoked(): void {
    stopWatching?.()
    phase.value = 'revoked'
    env?.keeping.forgetToken()
    env?.storage.removeItem(infoKey())
    void link?.close()
    link = undefined
  }

  /** As the app starts: a desk with a token opens the event, else it asks to join. */
  async function start(environment: VenueEnvironment): Promise<VenuePhase> {
    env = environment
    const token = env.keeping.token()
    if (token === null) return (phase.value = 'join')
    const answer = await fetchVenueInfo(env.fetch, env.origin, token)
    switch (answer.kind) {
      case 'revoked':
        revoked()
        return phase.value
      case 'info':
        env.storage.setItem(infoKey(), JSON.stringify(answer.info))
        await connect(token, answer.info)
        return phase.value
      case 'unreachable': {
        // Reloaded during a Wi-Fi drop: the replicas in IndexedDB still hold the event.
        const kept = env.storage.getItem(infoKey())
        if (kept === null) {
          problem.value = answer.message
          return (phase.value = 'unreachable')
        }
        await connect(token, JSON.parse(kept) as VenueInfo)
        return phase.value
      }
    }
  }

  async function connect(token: string, info: VenueInfo): Promise<void> {
    if (!env) throw new Error('venue store used before start()')
    const keeping = env.keeping
    const opened = await env.openLink(env.origin, token, info, revoked)
    link = opened
    adoptDesk(info.desk.id)
    // Arrivals, a round's start and the check-in day are the authority's time (issue 27).
    setRuleTime(opened.now)
    desk.value = info.desk
    event.value = info.event
    setRepository(createVenueRepository(opened))
    setChannel(
      createVenueChannel(opened, {
        newId: randomUuid,
        counter: { next: () => keeping.nextOrder(info.desk.id) },
      }),
    )
    const refresh = async (): Promise<void> => {
      linkState.value = opened.state()
      if (linkState.value.kind === 'revoked') return revoked()
      pending.value = (await opened.pending()).length
    }
    opened.onChange(() => void refresh())
    const tournament = useTournamentStore()
    opened.onRefused((refusal, proposal) => {
      const text = refusalText(
        "The director's laptop",
        proposal?.command,
        refusal.error,
        tournament.state,
      )
      refusals.value = [...refusals.value, { id: refusal._id, text }]
    })
    // Issue 27: what the director's laptop took back of what this desk held.
    opened.onRecovered?.((id, text) => (refusals.value = [...refusals.value, { id, text }]))
    announceLinkChanges(opened, announceHere)
    const watching = env
    stopWatching = env.every(INFO_MS, () => {
      void fetchVenueInfo(watching.fetch, watching.origin, token).then((answer) => {
        switch (answer.kind) {
          case 'revoked':
            return revoked()
          case 'unreachable':
            return
          case 'info': {
            const now = answer.info.event
            if (
              now.tournamentId === info.event.tournamentId &&
              now.generation === info.event.generation
            )
              return
            watching.storage.setItem(infoKey(), JSON.stringify(answer.info))
            stopWatching?.()
            watching.restart()
          }
        }
      })
    })
    await firstEntries(opened, env)
    await refresh()
    if (phase.value !== 'revoked') phase.value = 'connected'
  }

  /**
   * Asks to join as `role` and waits, asking every `POLL_MS`, until the director answers; once
   * approved, opens the event in place as `start` does with a kept token (issue 27: the page
   * reloaded, about 420 ms, and lost what it held). Before approval the page holds nothing of the
   * event, so no store has anything to start over.
   */
  async function join(role: JoinRole, device: string): Promise<VenuePhase> {
    if (!env) throw new Error('venue store used before start()')
    problem.value = null
    const asked = await askToJoin(env.fetch, env.origin, role, device)
    if (!asked.ok) {
      problem.value = asked.error.message
      return (phase.value = 'join')
    }
    code.value = asked.value.code
    phase.value = 'waiting'
    for (;;) {
      await env.wait(POLL_MS)
      const status = await joinStatus(env.fetch, env.origin, asked.value.request)
      // The Wi-Fi may drop while the director reads the code: keep asking.
      if (!status.ok) continue
      switch (status.value.status) {
        case 'waiting':
          continue
        case 'refused':
          return (phase.value = 'refused')
        case 'approved':
          env.keeping.keepToken(status.value.token)
          phase.value = 'approved'
          return start(env)
      }
    }
  }

  /**
   * The accepted log alone, on a venue desk: a copy saved from a desk holds what the authority
   * accepted, never this desk's pending commands (issue 21). Null outside venue mode.
   */
  async function acceptedLog(): Promise<readonly LoggedCommand[] | null> {
    return link === undefined ? null : link.acceptedFrom(-1)
  }

  /**
   * Issue 27: this desk's proposals not decided yet, for its saved copy (`serve --take` on another
   * laptop hands them in as this desk's). Empty outside venue mode.
   */
  async function waitingForCopy(): Promise<readonly HeldProposal[]> {
    if (link === undefined) return []
    const deskId = link.desk.id
    return (await link.pending()).map(({ _id, builtOn, command, madeAt }) => ({
      _id,
      builtOn,
      command,
      madeAt,
      desk: deskId,
    }))
  }

  /** Whether the entry at `seq` of a log of `length` is one of this desk's pending commands. */
  function isPending(seq: number, length: number): boolean {
    return link !== undefined && seq >= length - pending.value
  }

  function dismiss(id: string): void {
    refusals.value = refusals.value.filter((refusal) => refusal.id !== id)
  }

  return {
    phase,
    code,
    problem,
    desk,
    role,
    may,
    event,
    linkState,
    pending,
    refusals,
    badge,
    start,
    join,
    dismiss,
    acceptedLog,
    waitingForCopy,
    isPending,
  }
})
