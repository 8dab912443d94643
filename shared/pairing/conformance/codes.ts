/**
 * The conformance kit's stable codes (issue 29), apart from the kit itself so the desk's words
 * (renderer/src/i18n/messages.ts) can list them without loading the pairing engine.
 */
export const FINDING_CODES = [
  'verify.repeat.avoidable',
  'verify.repeat.over-limit',
  'verify.repeat.back-to-back',
  'verify.bye.more-byes',
  'verify.bye.not-lowest',
  'verify.starter.wrong',
  'verify.gibson.contender',
  'verify.plan.differs',
  'verify.round.not-paired',
  'verify.contenders.leader-apart',
] as const
export type FindingCode = (typeof FINDING_CODES)[number]

/** `generateEvent`'s refusals of its options. */
export const GENERATE_CODES = [
  'conformance.generate.players',
  'conformance.generate.rounds',
  'conformance.generate.spread',
  'conformance.generate.forfeits',
  'conformance.generate.late',
  'conformance.generate.withdrawals',
] as const
