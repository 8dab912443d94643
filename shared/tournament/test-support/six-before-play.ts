import type { Command } from '../commands'
import { create, register } from './event'

/**
 * Issue 32: division A of six before play, registered out of rating order, for splitting it:
 * Bob 1800, Dan 1650 and Eve 1600 at or above the 1600 line, Ann 1500, Fay 1400 and Cy 1200 below.
 */
export const sixBeforePlay: readonly Command[] = [
  create(),
  { type: 'addDivision', name: 'A' },
  register('Ann', 1500),
  register('Bob', 1800),
  register('Cy', 1200),
  register('Dan', 1650),
  register('Eve', 1600),
  register('Fay', 1400),
]
