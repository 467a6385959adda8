// Crash points: a test instrument that makes `app serve` die with SIGKILL at a named step of posting, so
// the kill-9 matrix can prove exactly-once at steps no outside observer can time. Armed only by
// APP_CRASH_AT (`<step>` or `<step>:<card>`, card 0-based); never set in production.
import { writeSync } from 'node:fs';
import { PUBLISH_STEPS, type PublishStep } from '../../contracts/publish-steps.js';
import { AppError } from '../../core/errors.js';

export type CrashPoint = (step: PublishStep, card: number) => void;

export interface CrashSpec {
  step: PublishStep;
  /** Only this card (0-based); any card when absent. */
  card?: number;
}

/** Parses `publish.after_platform:2`; undefined when empty. A typo throws: a silent no-op would let a
 * crash test pass without ever crashing. */
export function parseCrashSpec(text: string | undefined): CrashSpec | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const [step, card, ...rest] = trimmed.split(':');
  if (!PUBLISH_STEPS.includes(step as PublishStep) || rest.length > 0)
    throw new AppError(
      'invalid_input',
      `APP_CRASH_AT: unknown crash point "${trimmed}" (one of ${PUBLISH_STEPS.join(', ')})`,
    );
  if (card === undefined) return { step: step as PublishStep };
  if (!/^\d+$/.test(card))
    throw new AppError('invalid_input', `APP_CRASH_AT: the card must be a 0-based index, got "${card}"`);
  return { step: step as PublishStep, card: Number(card) };
}

/** SIGKILL to itself: no exit handlers, no flushing, no finally blocks; only what was committed survives. */
function killSelf(spec: string): void {
  // Synchronous, so the test can tell the crash it armed from an unrelated death.
  writeSync(2, `crash point ${spec} reached: SIGKILL\n`);
  process.kill(process.pid, 'SIGKILL');
}

/** The callback the publisher calls at each step: nothing unless `text` arms one step (and card). */
export function crashPointFrom(
  text: string | undefined,
  kill: (spec: string) => void = killSelf,
): CrashPoint | undefined {
  const spec = parseCrashSpec(text);
  if (!spec) return undefined;
  return (step, card) => {
    if (step === spec.step && (spec.card === undefined || spec.card === card)) kill(`${step}:${card}`);
  };
}
