// What a caller that can watch a long run hands down with it: a progress callback and a cancellation
// signal (the tool server fills both from the MCP request; HTTP, the CLI and the loops pass neither).
import { AppError } from '../errors.js';

/** Reports how far a run is: `done` only ever grows; `total` when known; a short human message. */
export type Progress = (done: number, total?: number, message?: string) => void;

export interface RunControl {
  /** Aborted when the caller cancels; work stops at its next safe point. */
  signal?: AbortSignal;
  progress?: Progress;
}

/** The error a cancelled run answers (and is audited with). */
export function cancelledError(message: string): AppError {
  return new AppError('cancelled', message, { retryable: false, details: { cancelled: true } });
}

/**
 * A safe point: lets a cancellation the caller has already sent arrive (one turn of the event loop), then
 * throws `cancelled` when it did. Free when nothing can cancel the run.
 */
export async function cancellationPoint(signal: AbortSignal | undefined, message: string): Promise<void> {
  if (await wasCancelled(signal)) throw cancelledError(message);
}

/** The safe point as a question, for a caller that records the cancellation itself. */
export async function wasCancelled(signal: AbortSignal | undefined): Promise<boolean> {
  if (!signal) return false;
  if (!signal.aborted) await new Promise<void>((resolve) => setImmediate(resolve));
  return signal.aborted;
}
