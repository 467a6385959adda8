// The steps of posting one card, named so the crash-point test instrument can stop a process at each.

/**
 * The steps of posting one card where a test can crash the process (`APP_CRASH_AT`, see
 * infra/process/crash-points.ts), in the order they happen: before the outbox row is written, after it
 * is committed, after the platform answered (the row still open), after the row was closed, and after
 * the post was recorded (the job not yet updated).
 */
export const PUBLISH_STEPS = [
  'publish.before_outbox',
  'publish.after_outbox',
  'publish.after_platform',
  'publish.after_close',
  'publish.after_record',
] as const;
export type PublishStep = (typeof PUBLISH_STEPS)[number];
