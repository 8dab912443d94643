/**
 * The version of the command log's shape, stamped on every command a window stores (issue 20).
 * Raise it whenever a command type or field is added that an older Rackside could not fold: an
 * older copy then names the command "written by a newer Rackside" instead of failing on it.
 * Commands stored before the stamp have none and are read as version 1. Version 2: a division's
 * rating system (`setRatingSystem`, issue 22). Version 3: a player's lifetime games typed at the
 * desk (`lifetimeGames` in `registerPlayer`, `registerPlayers` and `editPlayer`, issue 22).
 * Version 4 (issue 28): the event's paper size (`setPaperSize`); a round-robin bye won by a
 * withdrawn opponent's forfeit (`forfeitBy` in a `pairRound` bye); how a late entry's missed
 * rounds count as an imported file says (`missedRounds` in `registerPlayer`).
 * Version 5 (issue 32): roster commands (`renameDivision`, `deleteRegistration`, `movePlayer`); a
 * table kept for a player every round (`reserveTable`); ratings brought in line with a
 * federation's list (`updateRatings`).
 * Version 6 (issues 32 and 30): a division's tie-breaks and spread cap by round (`setRanking`); a
 * player moved after play with his games carried or dropped (`games` in `movePlayer`); what a
 * division's players may do from their phones on a day (`setPhoneAccess`); two divisions merged
 * into one mid-event (`mergeDivisions`). An older copy would
 * refuse any of them and lose what follows.
 * Version 7 (issues 28, 32 and 30): a stored command put right in place (`mendCommand`), which an
 * older copy would not fold, so it would stop at the command the mend puts right; a division split
 * before play into itself and a new one (`splitDivision`); a result entered from a player's phone
 * for the opponent to confirm (`phoneResult`).
 */
export const LOG_VERSION = 7
