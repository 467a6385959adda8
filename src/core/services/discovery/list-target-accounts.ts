// The accounts the user asked to monitor: `[targets].accounts` from the config merged with what target
// monitoring stored (ids, followers, replies so far), one entry per handle (case-insensitive).
import type { StoredTargetAccount } from '../../ports/discovery-store.js';
import type { DiscoveryServiceDeps } from './discovery-service-deps.js';

export interface TargetAccountView extends Omit<StoredTargetAccount, 'added_at'> {
  /** `config`: listed in [targets].accounts only; `stored`: only in the database; `both`. */
  source: 'config' | 'stored' | 'both';
  /** When monitoring first stored it; null for a handle only the config names so far. */
  added_at: string | null;
}

export async function listTargetAccounts(
  deps: Pick<DiscoveryServiceDeps, 'targets' | 'settings'>,
): Promise<TargetAccountView[]> {
  const merged = new Map<string, TargetAccountView>();
  for (const raw of deps.settings().targetAccounts) {
    const username = raw.trim().replace(/^@/, '');
    if (username === '' || merged.has(username.toLowerCase())) continue;
    merged.set(username.toLowerCase(), {
      username,
      source: 'config',
      user_id: null,
      display_name: null,
      followers: null,
      status: 'active',
      added_at: null,
      last_checked_at: null,
      last_reply_at: null,
      total_replies: 0,
    });
  }
  for (const stored of await deps.targets.list()) {
    const key = stored.username.toLowerCase();
    merged.set(key, { ...stored, source: merged.has(key) ? 'both' : 'stored' });
  }
  return [...merged.values()].sort((a, b) =>
    a.username.localeCompare(b.username, 'en', { sensitivity: 'base' }),
  );
}
