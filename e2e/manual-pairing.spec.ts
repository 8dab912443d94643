import { expect, test } from './fixtures'
import { ManualPairingPage } from './pages/manual-pairing-page'
import { RoundsPage } from './pages/rounds-page'
import type { NewTournament } from './pages/tournaments-page'

const KUMASI: NewTournament = {
  name: 'Kumasi Family Cup',
  venue: 'Kumasi',
  startDate: '2026-12-12',
  endDate: '2026-12-12',
  rounds: '4',
  rules: 'NSA tournament rules (1995)',
}

/** Two siblings, two club-mates from Asante, two more: six players, four rounds. */
const FIELD = [
  { name: 'Mensah, Ama', rating: '1900', memberId: 'K1', club: 'Accra' },
  { name: 'Mensah, Kofi', rating: '1750', memberId: 'K2', club: 'Tema' },
  { name: 'Owusu, Yaw', rating: '1850', memberId: 'K3', club: 'Asante' },
  { name: 'Boateng, Efua', rating: '1700', memberId: 'K4', club: 'Asante' },
  { name: 'Darko, Kwame', rating: '1800', memberId: 'K5', club: 'Cape Coast' },
  { name: 'Asare, Abena', rating: '1650', memberId: 'K6', club: 'Tamale' },
]

test('the director keeps a family and club-mates apart, types a round by hand and sees the review warn', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await shell.start()
  await tournaments.create(KUMASI)
  await tournament.addDivision('A')
  await shell.goTo('Players & check-in')
  for (const entry of FIELD) await players.register(entry)
  await expect(players.rows('A')).toHaveCount(6)

  await shell.goTo('Rounds')
  const rules = new ManualPairingPage(page)
  const rounds = new RoundsPage(page)

  // The siblings are never paired; the Asante club-mates not in round 1.
  await rules.keepApart('1 2', 'family', 'siblings')
  await expect(rules.keptApart).toContainText(
    'Mensah, Ama (#1), Mensah, Kofi (#2) — family: siblings',
  )
  await rules.clubMatesApartUntil(1)
  await expect(page.getByText('Club rule saved.')).toBeVisible()
  await rules.gibsonize('1, 2, 3', 250, 1)
  await expect(page.getByText('Prize contention saved.')).toBeVisible()

  // Round 1 by the plan, top half against bottom half by rating, would seat the siblings and the
  // Asante pair (1900 v 1750, 1850 v 1700): the list keeps them apart.
  await rounds.pair(1)
  const paired = await rounds.pairingRows(1)
  const seats = paired.map(([, a, b]) => [a, b].sort().join(' v '))
  expect(seats).not.toContain('#1 Mensah, Ama v #2 Mensah, Kofi')
  expect(seats).not.toContain('#3 Owusu, Yaw v #4 Boateng, Efua')
  await expect(rounds.warnings).toBeHidden()

  // A typo is refused with the token named; nothing is stored.
  await rules.type(2, '1 zed')
  await expect(page.getByRole('alert')).toContainText('"zed" in "1 zed" matches no player')

  // Round 2 typed by hand: the director seats the siblings together on purpose, the system pairs
  // the rest, and the review says the pair is on the do-not-pair list.
  await rules.type(2, 'ama kofi')
  await expect(rounds.pairings(2)).toBeVisible()
  const second = await rounds.pairingRows(2)
  expect(second[0]).toEqual(['1', '#1 Mensah, Ama', '#2 Mensah, Kofi'])
  expect(second).toHaveLength(3)
  await expect(rounds.warnings).toContainText(
    'Table 1: Mensah, Ama (#1) and Mensah, Kofi (#2) are on the do-not-pair list (family: siblings)',
  )

  // Typed again with everyone listed and nothing left to the system, the warning goes away.
  await rules.type(2, '1 3, 2 4, 5 6', 'refuse')
  await expect(rounds.pairings(2).locator('tbody tr').first()).toContainText('#1 Mensah, Ama')
  await expect(rounds.warnings).not.toContainText('do-not-pair')

  // The plan becomes one Manual step: no Pair button, the typing box open, the round as typed.
  await page.getByText('Pairing plan of division A').click()
  const removeStep = page.getByRole('button', { name: /^Remove step/ })
  while ((await removeStep.count()) > 0) await removeStep.last().click()
  await page.getByLabel('Step 1 system').selectOption({ label: 'Manual' })
  await page.getByRole('button', { name: 'Save plan' }).click()
  await expect(page.getByText('Pairing plan saved.')).toBeVisible()
  await expect(
    page.getByRole('note').filter({ hasText: 'The plan pairs round 3 by hand' }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pair round 3', exact: true })).toBeHidden()
  await rules.type(3, '1 4, 2 5, 3 6', 'refuse')
  expect(await rounds.pairingRows(3)).toEqual([
    ['1', '#1 Mensah, Ama', '#4 Boateng, Efua'],
    ['2', '#2 Mensah, Kofi', '#5 Darko, Kwame'],
    ['3', '#3 Owusu, Yaw', '#6 Asare, Abena'],
  ])
})
