import { describe, expect, test } from 'vitest'
import { apply, fold } from './apply'
import type { Command, MoveGames, SplitBy } from './commands'
import { describeCommand, describeLog } from './describe'
import { planControl } from './log'
import { registrationDependents } from './roster'
import { exportTDivision } from '../formats/t-export'
import { applyAll, create, ID, logOf, register, standingsLine } from './test-support/event'
import { sixBeforePlay } from './test-support/six-before-play'
import { twoRounds } from './test-support/two-divisions'
import type { TournamentState } from './types'
import { standingsAsOf } from './views'

const A: Command = { type: 'addDivision', name: 'A' }
const B: Command = { type: 'addDivision', name: 'B' }
const rename = (division: string, name: string): Command => ({
  type: 'renameDivision',
  division,
  name,
})
const AT = { at: '2026-03-14T10:00:00.000Z', desk: 'd1' }

describe('issue 32: renameDivision', () => {
  test('the division takes the new name; players, rounds and keys stay', () => {
    const before = applyAll([create(), A, register('Ann'), register('Bob')])
    const after = apply(before, rename('A', 'Open'), ID)
    expect(after.ok && after.value.divisions.map((d) => [d.name, d.formerNames])).toEqual([
      ['Open', ['A']],
    ])
    expect(after.ok && after.value.divisions[0]?.players.map((p) => p.key)).toEqual(
      before.divisions[0]?.players.map((p) => p.key),
    )
  })

  test('commands before the rename name the old name and still fold; later ones name the new', () => {
    const log = logOf([
      create(),
      A,
      register('Ann'),
      rename('A', 'Open'),
      register('Bob', 0, 'Open'),
      // An older desk's command (rebased by the authority) still says A.
      { type: 'checkIn', division: 'A', player: 1, day: '2026-03-14' },
    ])
    const folded = fold(ID, log)
    expect(folded.ok && folded.value?.divisions[0]?.players.map((p) => p.name)).toEqual([
      'Ann',
      'Bob',
    ])
    expect(folded.ok && folded.value?.divisions[0]?.players[0]?.checkIns).toEqual(['2026-03-14'])
  })

  test.each<[string, Command]>([
    ['a kept table', { type: 'reserveTable', division: 'A', player: 1, table: 7 }],
    [
      'ratings from the list',
      { type: 'updateRatings', division: 'A', ratings: [{ player: 1, rating: 1800 }], source: 'x' },
    ],
  ])(
    '%s named by the old name still lands after the rename (an older desk’s command)',
    (_, command) => {
      const state = applyAll([create(), A, register('Ann'), rename('A', 'Open')])
      const applied = apply(state, command, ID)
      expect(applied.ok ? applied.value.divisions.map((d) => d.name) : applied.error.code).toEqual([
        'Open',
      ])
      const ann = applied.ok ? applied.value.divisions[0]?.players[0] : undefined
      expect(command.type === 'reserveTable' ? ann?.reservedTable : ann?.rating).toBe(
        command.type === 'reserveTable' ? 7 : 1800,
      )
    },
  )

  test.each([
    { case: 'a name another division has', to: 'B', code: 'division.name.duplicate' },
    { case: 'the same name in other case', to: 'b', code: 'division.name.duplicate' },
    { case: 'its own name', to: 'A', code: 'division.rename.same' },
    { case: 'an empty name', to: '  ', code: 'division.name.empty' },
  ])('refuses $case ($code)', ({ to, code }) => {
    const state = applyAll([create(), A, B])
    const refused = apply(state, rename('A', to), ID)
    expect(refused.ok ? null : refused.error.code).toBe(code)
  })

  test('a name another division had before is refused, for a rename and a new division', () => {
    const state = applyAll([create(), A, B, rename('B', 'Open')])
    const renamed = apply(state, rename('A', 'B'), ID)
    expect(renamed.ok ? null : renamed.error.message).toBe(
      'Division Open was called B before, and the log names it so: choose another name.',
    )
    const added = apply(state, { type: 'addDivision', name: 'b' }, ID)
    expect(added.ok ? null : added.error.code).toBe('division.name.former')
  })

  test('renaming back to its own former name is allowed', () => {
    const state = applyAll([create(), A, rename('A', 'Open'), rename('Open', 'A')])
    expect(state.divisions.map((d) => [d.name, d.formerNames])).toEqual([['A', ['Open']]])
  })

  test('History words it; undo restores the old name while nothing names the new one', () => {
    const log = logOf([create(), A, register('Ann'), rename('A', 'Open')])
    expect(describeLog(ID, log).at(-1)?.text).toBe('Renamed division A to Open')
    const undone = planControl(ID, log, { type: 'undo', seq: 3 }, AT)
    expect(undone.ok && undone.value.state?.divisions.map((d) => d.name)).toEqual(['A'])
  })

  test('undo is refused, naming the command, once a later command names the new name', () => {
    const log = logOf([create(), A, rename('A', 'Open'), register('Bob', 0, 'Open')])
    const undone = planControl(ID, log, { type: 'undo', seq: 2 }, AT)
    expect(undone.ok ? null : undone.error.code).toBe('undo.blocked')
  })
})

const deleting = (player: number, key: string, division = 'A'): Command => ({
  type: 'deleteRegistration',
  division,
  player,
  key,
})

describe('issue 32: deleteRegistration', () => {
  test('the player stays at his number as a tombstone; the players after him keep theirs', () => {
    const state = applyAll([create(), A, register('Ann'), register('Bob'), register('Cy')])
    const bob = state.divisions[0]?.players[1]
    const after = applyAll([
      create(),
      A,
      register('Ann'),
      register('Bob'),
      register('Cy'),
      deleting(2, bob?.key ?? ''),
      register('Di'),
    ])
    expect(
      after.divisions[0]?.players.map((p) => [p.id, p.name, p.deleted ?? false, p.status.kind]),
    ).toEqual([
      [1, 'Ann', false, 'active'],
      [2, 'Bob', true, 'withdrawn'],
      [3, 'Cy', false, 'active'],
      [4, 'Di', false, 'active'],
    ])
  })

  test('every later command naming the number is refused (player.deleted)', () => {
    const state = applyAll([create(), A, register('Ann'), register('Bob')])
    const key = state.divisions[0]?.players[1]?.key ?? ''
    const deleted = applyAll([create(), A, register('Ann'), register('Bob'), deleting(2, key)])
    const commands: Command[] = [
      { type: 'checkIn', division: 'A', player: 2, day: '2026-03-14' },
      { type: 'reinstatePlayer', division: 'A', player: 2 },
      {
        type: 'editPlayer',
        division: 'A',
        playerId: 2,
        player: { name: 'X', rating: 0, memberId: '', club: '' },
      },
      deleting(2, key),
      {
        type: 'pairRound',
        division: 'A',
        round: 1,
        pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
      },
    ]
    expect(
      commands.map((c) => {
        const r = apply(deleted, c, ID)
        return r.ok ? 'applied' : r.error.code
      }),
    ).toEqual([
      'player.deleted',
      'player.deleted',
      'player.deleted',
      'player.deleted',
      'player.deleted',
    ])
  })

  test('a key that is not the number’s player is refused', () => {
    const state = applyAll([create(), A, register('Ann'), register('Bob')])
    const ann = state.divisions[0]?.players[0]?.key ?? ''
    const refused = apply(state, deleting(2, ann), ID)
    expect(refused.ok ? null : refused.error.code).toBe('player.key-mismatch')
  })

  const base = [create(), A, register('Ann'), register('Bob'), register('Cy'), register('Di')]
  test.each([
    { case: 'nothing', more: [], dependents: [] },
    {
      case: 'a check-in',
      more: [{ type: 'checkIn', division: 'A', player: 2, day: '2026-03-14' } as const],
      dependents: ['checked-in'],
    },
    {
      case: 'a check-in cancelled',
      more: [
        { type: 'checkIn', division: 'A', player: 2, day: '2026-03-14' } as const,
        { type: 'cancelCheckIn', division: 'A', player: 2, day: '2026-03-14' } as const,
      ],
      dependents: [],
    },
    {
      case: 'a pairing (even unplayed)',
      more: [
        {
          type: 'pairRound',
          division: 'A',
          round: 1,
          pairings: [
            { kind: 'game', table: 1, players: [1, 3] },
            { kind: 'game', table: 2, players: [4, 2] },
          ],
        } as const,
      ],
      dependents: ['paired'],
    },
    {
      case: 'a bye',
      more: [
        {
          type: 'pairRound',
          division: 'A',
          round: 1,
          pairings: [
            { kind: 'game', table: 1, players: [1, 3] },
            { kind: 'bye', player: 2 },
            { kind: 'bye', player: 4 },
          ],
        } as const,
      ],
      dependents: ['paired'],
    },
    {
      case: 'a do-not-pair group and a penalty',
      more: [
        {
          type: 'setDoNotPair',
          division: 'A',
          doNotPair: {
            groups: [{ players: [2, 3], reason: 'family', note: '' }],
            sameClubRounds: 0,
          },
        } as const,
        {
          type: 'assignPenalty',
          division: 'A',
          player: 2,
          round: 1,
          points: 10,
          reason: 'slow',
        } as const,
      ],
      dependents: ['penalty', 'do-not-pair'],
    },
  ])('what depends on #2: $case', ({ more, dependents }) => {
    const state = applyAll([...base, ...more])
    const division = state.divisions[0]
    expect(division && registrationDependents(division, 2)).toEqual(dependents)
    const refused = apply(state, deleting(2, division?.players[1]?.key ?? ''), ID)
    expect(refused.ok ? [] : refused.error.details?.['dependents']).toEqual(
      dependents.length === 0 ? [] : dependents.join(','),
    )
  })

  test('the refusal names the player and what depends on him', () => {
    const state = applyAll([
      ...base,
      { type: 'checkIn', division: 'A', player: 2, day: '2026-03-14' },
      { type: 'assignPenalty', division: 'A', player: 2, round: 1, points: 10, reason: 'slow' },
    ])
    const refused = apply(state, deleting(2, state.divisions[0]?.players[1]?.key ?? ''), ID)
    expect(refused.ok ? null : refused.error.message).toBe(
      'Bob (#2) cannot be deleted: the player has checked in and has a penalty. Withdraw the player instead.',
    )
  })

  test('History words it and undo brings the registration back at its number', () => {
    const state = applyAll(base)
    const key = state.divisions[0]?.players[1]?.key ?? ''
    const log = logOf([...base, deleting(2, key)])
    expect(describeLog(ID, log).at(-1)?.text).toBe('Deleted the registration of Bob (#2)')
    const undone = planControl(ID, log, { type: 'undo', seq: base.length }, AT)
    const bob = undone.ok ? undone.value.state?.divisions[0]?.players[1] : undefined
    expect([bob?.name, bob?.deleted, bob?.status.kind]).toEqual(['Bob', undefined, 'active'])
  })
})

const moving = (
  player: number,
  key: string,
  to: string,
  division = 'A',
  games?: MoveGames,
): Command => ({
  type: 'movePlayer',
  division,
  player,
  key,
  to,
  ...(games === undefined ? {} : { games }),
})

describe('issue 32: movePlayer, before the player has played', () => {
  const base = [
    create(),
    A,
    B,
    register('Ann'),
    register('Bob'),
    register('Cy'),
    register('Di', 0, 'B'),
  ]
  const keyOf = (state: ReturnType<typeof applyAll>, division: number, player: number): string =>
    state.divisions[division]?.players[player - 1]?.key ?? ''

  test('he leaves A as a tombstone (nobody renumbered) and joins B as its next number, key and check-ins kept', () => {
    const before = applyAll([
      ...base,
      { type: 'checkIn', division: 'A', player: 2, day: '2026-03-14' },
      {
        type: 'editPlayer',
        division: 'A',
        playerId: 2,
        player: { name: 'Bob', rating: 1500, memberId: 'N1', club: 'Kumasi', team: 'K' },
      },
    ])
    const key = keyOf(before, 0, 2)
    const after = apply(before, moving(2, key, 'B'), ID)
    if (!after.ok) throw new Error(after.error.message)
    const [a, b] = after.value.divisions
    expect(a?.players.map((p) => [p.id, p.name, p.deleted === true])).toEqual([
      [1, 'Ann', false],
      [2, 'Bob', true],
      [3, 'Cy', false],
    ])
    expect(b?.players.at(-1)).toMatchObject({
      id: 2,
      name: 'Bob',
      key,
      rating: 1500,
      memberId: 'N1',
      club: 'Kumasi',
      team: 'K',
      firstRound: 1,
      checkIns: ['2026-03-14'],
      status: { kind: 'active' },
    })
  })

  test('he may move back: his key and member id are free again in A', () => {
    const state = applyAll(base)
    const key = keyOf(state, 0, 2)
    const back = applyAll([...base, moving(2, key, 'B'), moving(2, key, 'A', 'B')])
    expect(back.divisions[0]?.players.map((p) => [p.id, p.deleted === true])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, false],
    ])
    expect(back.divisions[0]?.players[3]?.key).toBe(key)
  })

  test.each([
    {
      case: 'to his own division',
      command: (key: string) => moving(2, key, 'A'),
      code: 'player.move.same-division',
    },
    {
      case: 'to a division that does not exist',
      command: (key: string) => moving(2, key, 'C'),
      code: 'division.missing',
    },
  ])('refused: $case ($code)', ({ command, code }) => {
    const state = applyAll(base)
    const refused = apply(state, command(keyOf(state, 0, 2)), ID)
    expect(refused.ok ? null : refused.error.code).toBe(code)
  })

  test('after he has played, refused with the reason and what to do instead', () => {
    const state = applyAll([
      ...base,
      {
        type: 'pairRound',
        division: 'A',
        round: 1,
        pairings: [
          { kind: 'game', table: 1, players: [1, 2] },
          { kind: 'bye', player: 3 },
        ],
      },
    ])
    const refused = apply(state, moving(2, keyOf(state, 0, 2), 'B'), ID)
    expect(refused.ok ? null : refused.error.message).toBe(
      'Bob (#2) cannot be moved to division B: the player is in a round’s pairings in division A. Choose whether the games are carried along or dropped.',
    )
  })

  test('a member id already in B is refused, as a registration there would be', () => {
    const withIds = [
      create(),
      A,
      B,
      {
        type: 'registerPlayer',
        division: 'A',
        player: { name: 'Ann', rating: 0, memberId: 'N9', club: '' },
      },
      {
        type: 'registerPlayer',
        division: 'B',
        player: { name: 'Annie', rating: 0, memberId: 'n9', club: '' },
      },
    ] satisfies Command[]
    const state = applyAll(withIds)
    const refused = apply(state, moving(1, keyOf(state, 0, 1), 'B'), ID)
    expect(refused.ok ? null : refused.error.code).toBe('player.member-id.duplicate')
  })

  test('History words it with his number in B; undo puts him back in A', () => {
    const state = applyAll(base)
    const log = logOf([...base, moving(2, keyOf(state, 0, 2), 'B')])
    expect(describeLog(ID, log).at(-1)?.text).toBe(
      'Moved Bob (#2) from division A to division B as #2',
    )
    const undone = planControl(ID, log, { type: 'undo', seq: base.length }, AT)
    const divisions = undone.ok ? undone.value.state?.divisions : []
    expect(divisions?.map((d) => d.players.map((p) => p.name))).toEqual([
      ['Ann', 'Bob', 'Cy'],
      ['Di'],
    ])
  })
})

const standingsOf = (state: ReturnType<typeof applyAll>, division: string): string => {
  const rows = standingsAsOf(state, division, 2)
  return rows.ok ? standingsLine(rows.value) : rows.error.code
}

describe('issue 32: movePlayer after play, the director choosing what becomes of his games', () => {
  const state = applyAll(twoRounds)
  const bobKey = state.divisions[0]?.players[1]?.key ?? ''
  const moved = (games: MoveGames) => applyAll([...twoRounds, moving(2, bobKey, 'B', 'A', games)])

  test('the event before the move (the worked figures below start from these)', () => {
    expect(standingsOf(state, 'A')).toBe(
      '1 Cy 2–0 +30; 2 Ann 1–1 +60; 3 Bob 1–1 +20; 4 Dan 0–2 −110',
    )
    expect(standingsOf(state, 'B')).toBe('1 Gus 2–0 +100; 2 Eve 1–1 +50; 3 Fay 1–1 −50')
  })

  test('carry: his 1–1 +20 goes with him to B; his opponents in A keep their results against him', () => {
    const after = moved('carry')
    expect(standingsOf(after, 'A')).toBe('1 Cy 2–0 +30; 2 Ann 1–1 +60; 3 Dan 0–2 −110')
    expect(standingsOf(after, 'B')).toBe(
      '1 Gus 2–0 +100; 2 Eve 1–1 +50; 3 Bob 1–1 +20; 4 Fay 1–1 −50',
    )
    const bob = after.divisions[1]?.players[3]
    expect([bob?.id, bob?.firstRound, bob?.key]).toEqual([4, 3, bobKey])
    expect(bob?.carried).toEqual({
      from: 'A',
      games: [
        {
          round: 1,
          win: 1,
          loss: 0,
          spread: 40,
          counts: true,
          opponent: 'Ann',
          scores: [400, 360],
          opponentId: 1,
          opponentRating: 1800,
          start: null,
        },
        {
          round: 2,
          win: 0,
          loss: 1,
          spread: -20,
          counts: true,
          opponent: 'Cy',
          scores: [380, 400],
          opponentId: 3,
          opponentRating: 1600,
          start: null,
        },
      ],
    })
  })

  test('drop: his games are forfeits won by his opponents at the forfeit spread (NSA VII.J.2); he enters B with nothing', () => {
    const after = moved('drop')
    // Ann's loss to Bob becomes a 50-point forfeit win; Cy's win by 20 a win by 50.
    expect(standingsOf(after, 'A')).toBe('1 Ann 2–0 +150; 2 Cy 2–0 +60; 3 Dan 0–2 −110')
    expect(standingsOf(after, 'B')).toBe('1 Gus 2–0 +100; 2 Eve 1–1 +50; 3 Fay 1–1 −50')
    const bob = after.divisions[1]?.players[3]
    expect([bob?.id, bob?.firstRound, bob?.carried]).toEqual([4, 3, undefined])
  })

  test('carry: his carried games hold him as games do: moved on, they go with him; a plain move or a deletion is refused', () => {
    const inB = moved('carry')
    const key = inB.divisions[1]?.players[3]?.key ?? ''
    expect(apply(inB, moving(4, key, 'A', 'B'), ID)).toMatchObject({
      ok: false,
      error: { code: 'player.move.played' },
    })
    expect(
      apply(inB, { type: 'deleteRegistration', division: 'B', player: 4, key }, ID),
    ).toMatchObject({ ok: false, error: { code: 'player.delete.depended-on' } })
    const back = applyAll([
      ...twoRounds,
      moving(2, bobKey, 'B', 'A', 'carry'),
      moving(4, key, 'A', 'B', 'carry'),
    ])
    expect(standingsOf(back, 'A')).toBe(
      '1 Cy 2–0 +30; 2 Ann 1–1 +60; 3 Bob 1–1 +20; 4 Dan 0–2 −110',
    )
    expect(standingsOf(back, 'B')).toBe('1 Gus 2–0 +100; 2 Eve 1–1 +50; 3 Fay 1–1 −50')
  })

  test('carry: division B pairs him from round 3, four players and no bye', () => {
    const after = apply(
      moved('carry'),
      {
        type: 'pairRound',
        division: 'B',
        round: 3,
        pairings: [
          { kind: 'game', table: 3, players: [1, 4] },
          { kind: 'game', table: 4, players: [2, 3] },
        ],
      },
      ID,
    )
    expect(after.ok ? after.value.divisions[1]?.rounds[2]?.pairings.length : after.error.code).toBe(
      2,
    )
  })

  test('carry: the .t export of B gives him his carried games as tsh reads a game without opponent', () => {
    const file = exportTDivision(moved('carry'), 'B')
    const bob = file.ok ? file.value.players.find((p) => p.name === 'Bob') : undefined
    expect([bob?.opponents, bob?.scores]).toEqual([
      [0, 0],
      [40, -20],
    ])
  })

  test.each<[string, (key: string) => Command[], string]>([
    [
      'a game still without its result',
      () => [
        {
          type: 'pairRound',
          division: 'A',
          round: 3,
          pairings: [
            { kind: 'game', table: 1, players: [1, 2] },
            { kind: 'game', table: 2, players: [3, 4] },
          ],
        },
      ],
      'player.move.result-pending',
    ],
    ['B behind A: B would pair him in a round he played in A', () => [], 'player.move.carry-ahead'],
    [
      'a penalty in A',
      () => [
        { type: 'assignPenalty', division: 'A', player: 2, round: 2, points: 10, reason: 'x' },
      ],
      'player.move.played',
    ],
  ])('refused: %s', (_, more, code) => {
    // Without B's round 2 (its pairing and result, the last two commands).
    const log = code === 'player.move.carry-ahead' ? twoRounds.slice(0, -2) : twoRounds
    const before = applyAll([...log, ...more(bobKey)])
    const refused = apply(before, moving(2, bobKey, 'B', 'A', 'carry'), ID)
    expect(refused.ok ? null : refused.error.code).toBe(code)
  })

  test.each<[MoveGames, string]>([
    ['carry', 'Moved Bob (#2) from division A to division B as #4, the games carried along'],
    [
      'drop',
      'Moved Bob (#2) from division A to division B as #4, the games forfeited to the opponents',
    ],
  ])('%s: History words it; undo restores both divisions', (games, words) => {
    const log = logOf([...twoRounds, moving(2, bobKey, 'B', 'A', games)])
    expect(describeLog(ID, log).at(-1)?.text).toBe(words)
    const undone = planControl(ID, log, { type: 'undo', seq: twoRounds.length }, AT)
    const back = undone.ok ? undone.value.state : undefined
    expect(back && [standingsOf(back, 'A'), standingsOf(back, 'B')]).toEqual([
      standingsOf(state, 'A'),
      standingsOf(state, 'B'),
    ])
  })
})

const merging = (division = 'A', absorbed = 'B'): Command => ({
  type: 'mergeDivisions',
  division,
  absorbed,
})

describe('issue 32: mergeDivisions, two divisions made one mid-event', () => {
  const state = applyAll(twoRounds)
  const merged = applyAll([...twoRounds, merging()])
  const only = merged.divisions[0]

  test('after round 2: B is gone, its players numbered after A’s in their order, keys unchanged', () => {
    expect(merged.divisions.map((d) => d.name)).toEqual(['A'])
    expect(only?.players.map((p) => `${String(p.id)} ${p.name}`)).toEqual([
      '1 Ann',
      '2 Bob',
      '3 Cy',
      '4 Dan',
      '5 Eve',
      '6 Fay',
      '7 Gus',
    ])
    expect(only?.players.slice(4).map((p) => p.key)).toEqual(
      state.divisions[1]?.players.map((p) => p.key),
    )
    expect(only?.formerNames).toEqual(['B'])
  })

  test('each player keeps his record: the standings are both divisions’ lines, ranked together', () => {
    expect(standingsOf(merged, 'A')).toBe(
      '1 Gus 2–0 +100; 2 Cy 2–0 +30; 3 Ann 1–1 +60; 4 Eve 1–1 +50; 5 Bob 1–1 +20; 6 Fay 1–1 −50; 7 Dan 0–2 −110',
    )
  })

  test('B’s games come along renumbered, on the tables after A’s; byes after the games', () => {
    const round2 = only?.rounds[1]
    expect(
      round2?.pairings.map((p) => (p.kind === 'game' ? [p.table, ...p.players] : p.player)),
    ).toEqual([[1, 2, 3], [2, 1, 4], [3, 5, 7], 6])
    const result = round2?.results[2]?.result
    expect(result?.kind === 'played' ? [result.players, result.scores] : null).toEqual([
      [5, 7],
      [350, 400],
    ])
  })

  test('the .t export of the merged division: B’s players name their opponents by the new numbers', () => {
    const file = exportTDivision(merged, 'A')
    const lines = file.ok
      ? file.value.players.map((p) => `${p.name} ${p.opponents.join(' ')} ${p.scores.join(' ')}`)
      : [file.error.code]
    expect(lines).toEqual([
      'Ann 2 4 360 450',
      'Bob 1 3 400 380',
      'Cy 4 2 410 400',
      'Dan 3 1 400 350',
      'Eve 6 7 400 350',
      'Fay 5 0 300 50',
      'Gus 0 5 50 400',
    ])
  })

  test('a command naming B still finds the merged division; B cannot be added again', () => {
    expect(apply(merged, { type: 'addDivision', name: 'B' }, ID)).toMatchObject({
      ok: false,
      error: { code: 'division.name.former' },
    })
    const keyed = apply(merged, { type: 'reserveTable', division: 'B', player: 5, table: 9 }, ID)
    expect(keyed.ok ? keyed.value.divisions[0]?.players[4]?.reservedTable : keyed.error.code).toBe(
      9,
    )
  })

  test('History words it; undo restores both divisions and their standings', () => {
    const log = logOf([...twoRounds, merging()])
    expect(describeLog(ID, log).at(-1)?.text).toBe('Merged division B into division A as #5–7')
    // The Undo button words it on the state after, where B names the merged division.
    expect(describeCommand(merging(), merged)).toBe('Merged division B into division A')
    const undone = planControl(ID, log, { type: 'undo', seq: twoRounds.length }, AT)
    const back = undone.ok ? undone.value.state : undefined
    expect(back?.divisions.map((d) => d.name)).toEqual(['A', 'B'])
    expect(back && [standingsOf(back, 'A'), standingsOf(back, 'B')]).toEqual([
      standingsOf(state, 'A'),
      standingsOf(state, 'B'),
    ])
  })

  test.each<[string, readonly Command[], Command, string]>([
    ['a division into itself', twoRounds, merging('A', 'A'), 'division.merge.same'],
    ['a division that is not there', twoRounds, merging('A', 'C'), 'division.missing'],
    ['B a round behind A', twoRounds.slice(0, -2), merging(), 'division.merge.rounds-differ'],
    [
      'A’s round 3 paired but not complete',
      [
        ...twoRounds,
        {
          type: 'pairRound',
          division: 'A',
          round: 3,
          pairings: [
            { kind: 'game', table: 1, players: [1, 3] },
            { kind: 'game', table: 2, players: [2, 4] },
          ],
        },
        {
          type: 'pairRound',
          division: 'B',
          round: 3,
          pairings: [
            { kind: 'game', table: 3, players: [2, 3] },
            { kind: 'bye', player: 1 },
          ],
        },
      ],
      merging(),
      'division.merge.round-open',
    ],
  ])('refused: %s', (_, log, command, code) => {
    const refused = apply(applyAll(log), command, ID)
    expect(refused.ok ? null : refused.error.code).toBe(code)
  })
})

/** Division A of six before play; B beside it. */
const sixAndB: readonly Command[] = [...sixBeforePlay, B]
const splitting = (by: SplitBy, name = 'A2', division = 'A'): Command => ({
  type: 'splitDivision',
  division,
  name,
  by,
})
const roster = (state: TournamentState, name: string): string =>
  (state.divisions.find((d) => d.name === name)?.players ?? [])
    .map((p) => `${String(p.id)} ${p.name}`)
    .join(', ')

describe('issue 32: splitDivision, one division made two before play', () => {
  const before = applyAll(sixAndB)

  test.each<[string, SplitBy, string, string, string]>([
    [
      'the top 3 by rating stay',
      { kind: 'top', count: 3 },
      '1 Bob, 2 Dan, 3 Eve',
      '1 Ann, 2 Fay, 3 Cy',
      'Division A split: the top 3 by rating stay, 3 players to A2',
    ],
    [
      'the rating line: 1600 and above stay',
      { kind: 'rating', atLeast: 1600 },
      '1 Bob, 2 Dan, 3 Eve',
      '1 Ann, 2 Fay, 3 Cy',
      'Division A split: 3 players rated under 1600 to A2',
    ],
    [
      'the rating line below everyone but Cy',
      { kind: 'rating', atLeast: 1300 },
      '1 Ann, 2 Bob, 3 Dan, 4 Eve, 5 Fay',
      '1 Cy',
      'Division A split: 1 player rated under 1300 to A2',
    ],
    [
      'a list: Bob and Fay leave, numbered in rating order',
      { kind: 'list', players: [6, 2] },
      '1 Ann, 2 Cy, 3 Dan, 4 Eve',
      '1 Bob, 2 Fay',
      'Division A split: 2 players named by the director to A2',
    ],
  ])('%s', (_, by, a, a2, words) => {
    const after = applyAll([...sixAndB, splitting(by)])
    expect(after.divisions.map((d) => d.name)).toEqual(['A', 'A2', 'B'])
    expect([roster(after, 'A'), roster(after, 'A2')]).toEqual([a, a2])
    expect(describeLog(ID, logOf([...sixAndB, splitting(by)])).at(-1)?.text).toBe(words)
  })

  test('keys, ratings and check-ins go with the players; A keeps its order, renumbered', () => {
    const after = applyAll([
      ...sixAndB,
      { type: 'checkIn', division: 'A', player: 3, day: '2026-03-14' },
      splitting({ kind: 'top', count: 3 }),
    ])
    const key = (name: string) =>
      before.divisions[0]?.players.find((p) => p.name === name)?.key ?? 'none'
    const cy = after.divisions[1]?.players[2]
    expect([cy?.name, cy?.key, cy?.rating, cy?.checkIns]).toEqual([
      'Cy',
      key('Cy'),
      1200,
      ['2026-03-14'],
    ])
    expect(after.divisions[0]?.players.map((p) => p.key)).toEqual(['Bob', 'Dan', 'Eve'].map(key))
  })

  test('the new division starts with A’s settings, but not its table offset; numbers that name A’s players follow them', () => {
    const ranking = { tieBreaks: ['opponents-wins', 'spread'], spreadCapByRound: [] } as const
    const after = applyAll([
      ...sixAndB,
      { type: 'setRanking', division: 'A', ranking },
      { type: 'setTableOffset', division: 'A', offset: 20 },
      {
        type: 'setDoNotPair',
        division: 'A',
        doNotPair: {
          sameClubRounds: 2,
          groups: [{ players: [4, 5], reason: 'family', note: '' }],
        },
      },
      splitting({ kind: 'top', count: 3 }),
    ])
    const [a, a2] = after.divisions
    expect(a2?.ranking).toEqual(ranking)
    expect(a2?.tableOffset).toBeUndefined()
    expect(a?.tableOffset).toBe(20)
    // Dan (#4) and Eve (#5) stay as #2 and #3; A2 keeps the same-club rule without the group.
    expect(a?.doNotPair?.groups.map((g) => g.players)).toEqual([[2, 3]])
    expect(a2?.doNotPair).toEqual({ sameClubRounds: 2, groups: [] })
  })

  test.each<[string, readonly Command[], Command, string]>([
    [
      'everyone stays (the top 6)',
      [],
      splitting({ kind: 'top', count: 6 }),
      'division.split.empty-side',
    ],
    [
      'nobody stays (the top 0)',
      [],
      splitting({ kind: 'top', count: 0 }),
      'division.split.empty-side',
    ],
    [
      'a rating line above everyone',
      [],
      splitting({ kind: 'rating', atLeast: 2000 }),
      'division.split.empty-side',
    ],
    ['an empty list', [], splitting({ kind: 'list', players: [] }), 'division.split.empty-side'],
    ['an unknown player', [], splitting({ kind: 'list', players: [2, 9] }), 'player.missing'],
    ['a negative count', [], splitting({ kind: 'top', count: -1 }), 'division.split.count'],
    [
      'a rating line that is no number',
      [],
      splitting({ kind: 'rating', atLeast: Number.NaN }),
      'division.split.rating',
    ],
    [
      'a name another division has',
      [],
      splitting({ kind: 'top', count: 3 }, 'b'),
      'division.name.duplicate',
    ],
    ['its own name', [], splitting({ kind: 'top', count: 3 }, 'A'), 'division.name.duplicate'],
    [
      'a division that is not there',
      [],
      splitting({ kind: 'top', count: 3 }, 'A2', 'C'),
      'division.missing',
    ],
    [
      'a deleted registration in the list',
      [{ type: 'deleteRegistration', division: 'A', player: 3, key: 'A#3' }],
      splitting({ kind: 'list', players: [3] }),
      'player.deleted',
    ],
    [
      'a leaver in a do-not-pair group',
      [
        {
          type: 'setDoNotPair',
          division: 'A',
          doNotPair: {
            sameClubRounds: 0,
            groups: [{ players: [1, 2], reason: 'family', note: '' }],
          },
        },
      ],
      splitting({ kind: 'list', players: [1] }),
      'division.split.depended-on',
    ],
    [
      'after round 1 is paired',
      [
        {
          type: 'pairRound',
          division: 'A',
          round: 1,
          pairings: [
            { kind: 'game', table: 1, players: [1, 2] },
            { kind: 'game', table: 2, players: [3, 4] },
            { kind: 'game', table: 3, players: [5, 6] },
          ],
        },
      ],
      splitting({ kind: 'top', count: 3 }),
      'division.split.paired',
    ],
  ])('refused: %s (%s)', (_, more, command, code) => {
    const refused = apply(applyAll([...sixAndB, ...more]), command, ID)
    expect(refused.ok ? null : refused.error.code).toBe(code)
  })

  test('undo restores the one division; the Undo button words it on the state after', () => {
    const log = logOf([...sixAndB, splitting({ kind: 'rating', atLeast: 1600 })])
    const after = applyAll(log.map((e) => e.command))
    expect(describeCommand(splitting({ kind: 'rating', atLeast: 1600 }), after)).toBe(
      'Division A split: 3 players rated under 1600 to A2',
    )
    const undone = planControl(ID, log, { type: 'undo', seq: sixAndB.length }, AT)
    const back = undone.ok ? undone.value.state : undefined
    expect(back).toEqual(before)
  })

  test('both divisions pair and export on their own: the .t files number each from 1', () => {
    const after = applyAll([
      ...sixAndB,
      splitting({ kind: 'top', count: 3 }),
      {
        type: 'pairRound',
        division: 'A2',
        round: 1,
        pairings: [
          { kind: 'game', table: 1, players: [1, 2] },
          { kind: 'bye', player: 3 },
        ],
      },
    ])
    const lines = (name: string) => {
      const file = exportTDivision(after, name)
      return file.ok
        ? file.value.players.map((p) => `${p.name} ${p.ratingText} ${p.opponents.join(' ')}`.trim())
        : [file.error.code]
    }
    expect(lines('A')).toEqual(['Bob 1800', 'Dan 1650', 'Eve 1600'])
    expect(lines('A2')).toEqual(['Ann 1500 2', 'Fay 1400 1', 'Cy 1200 0'])
  })
})
