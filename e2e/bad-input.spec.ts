import { expect, openRegistrationDesk, test } from './fixtures'
import { LAGOS_OPEN } from './data'

const REFUSED = [
  {
    why: 'an empty name',
    entry: { name: '   ', rating: '1500' },
    message: 'Enter the player’s name.',
  },
  {
    why: 'a non-numeric rating',
    entry: { name: 'Ryan, Jacob', rating: '15OO' },
    message: 'whole number',
  },
  {
    why: 'a decimal rating',
    entry: { name: 'Ryan, Jacob', rating: '1500.5' },
    message: 'whole number',
  },
  {
    why: 'a negative rating',
    entry: { name: 'Ryan, Jacob', rating: '-20' },
    message: 'cannot be negative',
  },
  {
    why: 'a member id already used in the division',
    entry: { name: 'Ryan, Jacob', rating: '1600', memberId: 'nga001' },
    message: 'Member id nga001 already belongs to Etim, Nsikak (#1)',
  },
  {
    why: 'lifetime games that are not a whole number',
    entry: { name: 'Ryan, Jacob', rating: '1600', lifetimeGames: 'lots' },
    message: 'Lifetime games must be a whole number from 0 to 100000, not "lots".',
  },
] as const

for (const { why, entry, message } of REFUSED) {
  test(`the form refuses ${why} with the reason, and nothing is saved`, async ({
    shell,
    tournaments,
    tournament,
    players,
  }) => {
    await openRegistrationDesk({ shell, tournaments, tournament })
    await players.register({ name: 'Etim, Nsikak', rating: '1492', memberId: 'NGA001' })
    await expect(players.rows('A')).toHaveCount(1)

    await players.register(entry)
    await expect(players.error).toContainText(message)
    await expect(players.rows('A')).toHaveCount(1)

    await shell.reload()
    await expect(players.rows('A')).toHaveCount(1)
    await expect(players.rows('A').first()).toContainText('Etim, Nsikak')
  })
}

test('editing a player into another player’s member id is refused and the old data stays', async ({
  shell,
  tournaments,
  tournament,
  players,
}) => {
  await openRegistrationDesk({ shell, tournaments, tournament })
  await players.register({ name: 'Etim, Nsikak', rating: '1492', memberId: 'NGA001' })
  await players.register({ name: 'Karo, Eta', rating: '1739', memberId: 'NGA002' })
  await players.edit('Karo, Eta')
  await players.fill({ name: 'Karo, Eta', rating: '1739', memberId: 'NGA001' })
  await players.save()
  await expect(players.error).toContainText('already belongs to Etim, Nsikak')
  await shell.reload()
  await expect(players.row('A', 'Karo, Eta')).toContainText('NGA002')
})

test('the desk is warned before registering a second player with the same name', async ({
  shell,
  tournaments,
  tournament,
  players,
}) => {
  await openRegistrationDesk({ shell, tournaments, tournament })
  await players.register({ name: 'Oshodi, Sunday', rating: '1800' })
  await players.register({ name: 'oshodi,  sunday', rating: '1800' })
  await expect(players.duplicateWarning).toContainText('Oshodi, Sunday (#1)')
  await players.duplicateWarning.getByRole('button', { name: 'Don’t register' }).click()
  await expect(players.rows('A')).toHaveCount(1)

  await players.register({ name: 'Oshodi, Sunday', rating: '1650', memberId: 'X2' })
  // Keyboard first: the warning takes the focus, so Enter confirms it.
  await expect(
    players.duplicateWarning.getByRole('button', { name: 'Register anyway' }),
  ).toBeFocused()
  await players.duplicateWarning.page().keyboard.press('Enter')
  await expect(players.rows('A')).toHaveCount(2)
})

test('a tournament without a name, or with its last day first, is refused', async ({
  shell,
  tournaments,
}) => {
  await shell.start()
  await tournaments.create({ ...LAGOS_OPEN, name: ' ' })
  await expect(tournaments.error).toHaveText('Give the tournament a name.')
  await tournaments.heading.page().getByLabel('Tournament name').fill('Lagos Open')
  await tournaments.heading.page().getByLabel('Last day').fill('2026-12-01')
  await tournaments.heading.page().getByRole('button', { name: 'Create tournament' }).click()
  await expect(tournaments.error).toHaveText('The last day is before the first day.')
  await shell.goTo('Tournaments')
  await shell.reload()
  await expect(tournaments.emptyMessage).toBeVisible()
})

test('a division name is refused when empty or already used', async ({
  shell,
  tournaments,
  tournament,
}) => {
  await shell.start()
  await tournaments.create(LAGOS_OPEN)
  await tournament.tryAddDivision(' ')
  await expect(tournament.error).toHaveText('Give the division a name.')
  await tournament.addDivision('A')
  await tournament.tryAddDivision('a')
  await expect(tournament.error).toHaveText('There is already a division a.')
  await expect(tournament.divisions.getByRole('listitem')).toHaveCount(1)
})
