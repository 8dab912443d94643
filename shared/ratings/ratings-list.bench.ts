import { bench, describe } from 'vitest'
import { findMember, indexMembers, parseRatingsList } from './ratings-list'

// Issue 32: a federation's list of 5,000 members read and indexed, then every one of a 500-player
// event looked up. The goal is under a second in all (vitest prints the mean per run).
const MEMBERS = 5000
const tsh = ['name\trating\trank\texpiry\tgames']
const csv = ['Member ID,Name,Rating,Expiry,Status']
for (let i = 0; i < MEMBERS; i++) {
  const name = `Surname${String(i)}, Given${String(i % 97)}`
  const rating = String(400 + (i % 1800))
  const expiry = `202${String(5 + (i % 3))}-0${String(1 + (i % 9))}-15`
  tsh.push(`${name}\t${rating}\t${String(i + 1)}\t${expiry}\t${String(i % 700)}`)
  csv.push(
    `M${String(100000 + i)},"${name}",${rating},${expiry},${i % 50 === 0 ? 'suspended' : ''}`,
  )
}
const tshText = tsh.join('\n')
const csvText = csv.join('\r\n')

function readAndLookUp(text: string, format: 'tsh' | 'csv'): void {
  const list = parseRatingsList(text, format)
  if (!list.ok || list.value.members.length !== MEMBERS) throw new Error('list refused')
  const index = indexMembers(list.value)
  for (let i = 0; i < MEMBERS; i += 10) {
    const player = {
      memberId: `M${String(100000 + i)}`,
      name: `Surname${String(i)}, Given${String(i % 97)}`,
    }
    if (findMember(index, format === 'csv' ? player : { ...player, memberId: '' }) === undefined)
      throw new Error('member not found')
  }
}

describe('a ratings list of 5,000 members (issue 32: under 1 s)', () => {
  bench('tsh current.txt: read, index, look up 500 players', () => readAndLookUp(tshText, 'tsh'))
  bench('member CSV: read, index, look up 500 players', () => readAndLookUp(csvText, 'csv'))
})
