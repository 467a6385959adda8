// The stores behind the analytics, telemetry and policy tools.
import type { Clock } from '../core/ports/clock.js';
import type { AppDatabase } from '../infra/sqlite/open-database.js';

// biome-ignore lint/complexity/noBannedTypes: filled in as the analytics tools land.
export type AnalyticsDeps = {};

export function createAnalyticsDeps(
  _database: AppDatabase,
  _accountId: string,
  _clock: Clock,
): AnalyticsDeps {
  return {};
}
