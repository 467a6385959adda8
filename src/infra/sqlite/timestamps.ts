// Timestamp text as stored in every TEXT time column: ISO-8601 UTC with milliseconds, e.g.
// '2025-01-31T12:00:00.000Z', matching the SQL default strftime('%Y-%m-%dT%H:%M:%fZ','now').
import { AppError } from '../../core/errors.js';

/** Exact shape of a stored timestamp; one shape keeps text comparison equal to time comparison. */
export const DB_TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Formats a Date for a TEXT time column (the app's clock, not SQLite's, decides "now" in repositories). */
export function toDbTimestamp(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new AppError('invalid_input', 'invalid date');
  const text = date.toISOString();
  if (!DB_TIMESTAMP_PATTERN.test(text)) {
    throw new AppError('invalid_input', `date ${text} is outside the storable range (years 0000-9999)`);
  }
  return text;
}

/** Parses a stored timestamp; anything else means a corrupted row, reported as db_error. */
export function fromDbTimestamp(text: string): Date {
  if (!DB_TIMESTAMP_PATTERN.test(text)) {
    throw new AppError('db_error', `stored timestamp '${text}' is not ISO-8601 UTC with milliseconds`, {
      retryable: false,
    });
  }
  return new Date(text);
}
