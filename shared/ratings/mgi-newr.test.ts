import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { mapConfigToRules, parseConfigTsh } from '../formats/config-tsh'
import { readTFile } from '../formats/t-file'
import { estimateRatings } from './estimate'
import { ratingPlayersFromTFile } from './from-t-file'

const fixture = (name: string): string =>
  readFileSync(new URL(`../formats/__fixtures__/mgi-2022/${name}`, import.meta.url), 'utf8')

describe('MGI 2022 division A: every newr tsh wrote, under nsa (issue 22, "Worked numbers")', () => {
  test('720 estimates reproduced exactly with max_rounds from config.tsh', () => {
    const rounds = mapConfigToRules(parseConfigTsh(fixture('config.tsh')).config, 'A').settings
      .rounds
    expect(rounds).toBe(12)
    const { file } = readTFile(fixture('a.t'))
    const result = estimateRatings({
      system: 'nsa',
      maxRounds: rounds ?? 0,
      players: ratingPlayersFromTFile(file),
    })
    let compared = 0
    const wrong: string[] = []
    file.players.forEach((line, i) => {
      const written = line.tags.find((t) => t.name === 'newr')?.values.map(Number) ?? []
      const ours = result[i]?.estimates ?? []
      written.forEach((value, k) => {
        compared++
        if (ours[k] !== value)
          wrong.push(`#${line.id} round ${k + 1}: tsh ${value}, ours ${ours[k]}`)
      })
    })
    expect(wrong).toEqual([])
    expect(compared).toBe(720)
  })
})
