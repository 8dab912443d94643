import { expect, openRegistrationDesk, test } from './fixtures'
import { TWENTY_PLAYERS } from './data'
import { RoundsPage } from './pages/rounds-page'

test('a new division is paired by the automatic plan, shown in words; the director sets a repeat limit and goes back', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  await openRegistrationDesk({ shell, tournaments, tournament })
  for (const entry of TWENTY_PLAYERS) await players.register(entry)
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  const plan = await rounds.openPlan('A')
  // 20 players, 12 rounds (shared/pairing/auto-plan.ts).
  await expect(plan).toContainText(
    'Automatic plan: Rounds 1–3: Initial Fontes; rounds 4–11: Swiss; round 12: King of the Hill.',
  )
  await expect(page.getByText(/The plan pairs round 1 \(Initial Fontes\)/)).toBeVisible()
  // The last three rounds also pair for the title (tsh's ChewPair contenders; issue 18).
  await expect(plan).toContainText(
    'Rounds 10–12 also pair for the title: whoever holds a paying place meets a player who can still catch them',
  )

  await rounds.setRepeatsAllowed(2, '1')
  await expect(plan).toContainText(
    'Your plan: Rounds 1–3: Initial Fontes; rounds 4–11: Swiss, at most 1 repeat; round 12: King of the Hill.',
  )
  // tsh's Swiss pairs a score group's top half against its bottom half; neighbours is a choice.
  await page.getByRole('checkbox', { name: 'Step 2 pairs neighbours in each score group' }).check()
  await page.getByRole('button', { name: 'Save plan' }).click()
  await expect(plan).toContainText(
    'rounds 4–11: Swiss pairing neighbours in each score group, at most 1 repeat',
  )
  await expect(
    page.getByRole('checkbox', { name: 'Step 1 pairs neighbours in each score group' }),
  ).toBeDisabled()
  await page.getByRole('button', { name: 'Use the automatic plan' }).click()
  await expect(plan).toContainText('Automatic plan: Rounds 1–3: Initial Fontes')

  // Round 1 by Initial Fontes: 20 players in 4 rating bands of 5, each pod one from each band.
  await rounds.pair(1)
  const rows = await rounds.pairingRows(1)
  expect(rows).toHaveLength(10)
  for (const [, a, b] of rows) {
    const seed = (cell: string | undefined): number => Number(/#(\d+)/.exec(cell ?? '')?.[1])
    expect(Math.abs(seed(a) - seed(b))).toBeGreaterThanOrEqual(5)
  }
})

test('a round 1 changed by hand: round 2 is Swiss, said in words; session breaks are set on the Rounds screen (issue 18)', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  await openRegistrationDesk({ shell, tournaments, tournament })
  for (const entry of TWENTY_PLAYERS) await players.register(entry)
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)

  // tsh's session_breaks: typed on the Rounds screen, kept in the event.
  await page.getByText('Session breaks', { exact: true }).click()
  await page.getByLabel('Session breaks after rounds').fill('7, 20')
  await page.getByRole('button', { name: 'Save session breaks' }).click()
  await expect(page.getByRole('alert')).toContainText('a whole number from 1 to 12, not 20')
  await page.getByLabel('Session breaks after rounds').fill('6')
  await page.getByRole('button', { name: 'Save session breaks' }).click()
  await expect(page.getByText('This event has a session break after round 6.')).toBeVisible()

  await expect(page.getByText('The plan pairs round 1 (Initial Fontes) on ratings.')).toBeVisible()
  await rounds.pair(1)
  const [first] = await rounds.pairingRows(1)
  const seed = (cell: string | undefined): number => Number(/#(\d+)/.exec(cell ?? '')?.[1])
  const [second] = (await rounds.pairingRows(1)).slice(1)
  // The director swaps two players of round 1: the Fontes schedule no longer made round 1.
  await rounds.swap(seed(first?.[1]), seed(second?.[1]))
  await expect(
    page.getByText(
      'Round 2: Swiss — round 1 was not paired by the Initial Fontes schedule (paired by hand, from round 1).',
    ),
  ).toBeVisible()
  await expect(
    page.getByText('The plan pairs round 2 (Swiss) on the standings after round 1.'),
  ).toBeVisible()
})

// Issue 29: COP chosen in the plan editor pairs its rounds; the summary says who is in the race.
test('COP from the plan editor', async ({ page, shell, tournaments, tournament, players }) => {
  await openRegistrationDesk({ shell, tournaments, tournament })
  // Eight players: the automatic plan is a round robin (rounds 1–7), step 1 of the editor.
  for (const entry of TWENTY_PLAYERS.slice(0, 8)) await players.register(entry)
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  const plan = await rounds.openPlan('A')
  await page.getByLabel('Step 1 system').selectOption({ label: 'COP (simulated prize race)' })
  await page.getByRole('button', { name: 'Save plan' }).click()
  await expect(plan).toContainText('Your plan: Rounds 1–7: COP;')
  await rounds.pair(1)
  expect(await rounds.pairingRows(1)).toHaveLength(4)
  await expect(rounds.summary).toContainText(
    /COP: 1000 simulations of the 12 rounds left \(seed \d+\): \d+ can still finish in the top 3/,
  )
})
