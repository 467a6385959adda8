// The time of a Postgres deployment: the database's, not this machine's. Every process reads the offset
// between its own clock and the database's at start and every minute after, and answers now() from its own
// clock plus that offset, so a worker whose clock is ten minutes off still sees posts fall due at their
// time, as every other process does (due times stored by one process are compared by another).
import { sql } from 'kysely';
import type { Clock } from '../../core/ports/clock.js';
import type { PostgresDatabase } from './open-postgres.js';

export interface DatabaseClock extends Clock {
  /** The database's time minus this process's, in milliseconds, as last measured. */
  offsetMs(): number;
  stop(): void;
}

const REMEASURE_MS = 60_000;

/** The offset, halfway through the round trip (its error is at most half of it: under a millisecond here). */
async function measure(store: PostgresDatabase, local: () => number): Promise<number> {
  const sent = local();
  const { rows } = await sql<{ ms: number }>`select (extract(epoch from clock_timestamp()) * 1000)::float8
    as ms`.execute(store.db);
  const received = local();
  return (rows[0]?.ms ?? received) - (sent + received) / 2;
}

export async function databaseClock(
  store: PostgresDatabase,
  local: () => number = Date.now,
): Promise<DatabaseClock> {
  let offset = await measure(store, local);
  const timer = setInterval(() => {
    // A failed measure keeps the last offset: clocks drift by milliseconds a day, not minutes.
    measure(store, local).then(
      (next) => {
        offset = next;
      },
      () => undefined,
    );
  }, REMEASURE_MS);
  timer.unref();
  return {
    now: () => new Date(local() + offset),
    offsetMs: () => offset,
    stop: () => clearInterval(timer),
  };
}
