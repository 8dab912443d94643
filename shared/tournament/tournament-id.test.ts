import { describe, expect, test } from 'vitest'
import { checkTournamentId, isTournamentId } from './tournament-id'

describe('checkTournamentId: one rule for file reader, backups, projector and IPC (issue 20)', () => {
  test.each([
    ['a UUID Rackside makes', '3f2b8c1e-9d4a-4e6b-8f00-1a2b3c4d5e6f'],
    ['a file-name stem with underscores', 'spring_open_2026'],
    ['a single digit', '7'],
    ['exactly 100 characters', 'a'.repeat(100)],
  ])('accepts %s', (_, id) => {
    expect(checkTournamentId(id)).toEqual({ ok: true, value: id })
    expect(isTournamentId(id)).toBe(true)
  })

  test.each([
    ['an empty id', '', 'tournament-id.empty', 'cannot be empty'],
    ['101 characters', 'a'.repeat(101), 'tournament-id.too-long', 'has 101 characters'],
    ['a leading dash', '-spring', 'tournament-id.first', 'must start with a letter or a digit'],
    ['a leading underscore', '_spring', 'tournament-id.first', 'must start'],
    ['a path that climbs out', '../../etc', 'tournament-id.first', 'must start'],
    ['a slash inside', 'spring/open', 'tournament-id.characters', '"/"'],
    ['a dot inside', 'spring.open', 'tournament-id.characters', '"."'],
    ['a space inside', 'spring open', 'tournament-id.characters', '" "'],
    ['a URL', 'http://x', 'tournament-id.characters', '":"'],
    ['an accented letter', 'été', 'tournament-id.first', 'must start'],
  ])('refuses %s, saying why', (_, id, code, words) => {
    const checked = checkTournamentId(id)
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.error.code).toBe(code)
    expect(checked.error.message).toContain(words)
    expect(isTournamentId(id)).toBe(false)
  })

  test.each([
    ['a number', 12, 'not number'],
    ['null', null, 'not null'],
    ['a list', ['a'], 'not a list'],
  ])('refuses %s as not text', (_, id, words) => {
    const checked = checkTournamentId(id)
    expect(checked.ok ? '' : checked.error.code).toBe('tournament-id.not-text')
    expect(checked.ok ? '' : checked.error.message).toContain(words)
  })
})
