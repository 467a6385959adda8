// The stores behind the discovery, context and composite tools.
import type { Clock } from '../core/ports/clock.js';
import type { AppDatabase } from '../infra/sqlite/open-database.js';

// biome-ignore lint/complexity/noBannedTypes: filled in as the discovery tools land.
export type DiscoveryDeps = {};

export function createDiscoveryDeps(
  _database: AppDatabase,
  _accountId: string,
  _clock: Clock,
): DiscoveryDeps {
  return {};
}
