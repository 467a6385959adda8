// get_recent_mutations: the latest policy-gated mutations from the audit log, newest first.
import type { MutationSummary } from '../../../contracts/tool-telemetry.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';
import type { AuditStatus } from '../../ports/mutation-store.js';
import { toMutationSummary } from './mutation-views.js';

/** A tool may be named in full (`social_like_tweet`) or in the policy's short form (`like_tweet`). */
function toolNames(name: string): string[] {
  return name.startsWith('social_') ? [name] : [name, `social_${name}`];
}

export async function listRecentMutations(
  deps: Pick<AnalyticsStores, 'audit'>,
  filter: {
    limit: number;
    offset?: number;
    toolName?: string;
    status?: AuditStatus;
    actor?: string;
    since?: Date;
  },
): Promise<MutationSummary[]> {
  const entries = await deps.audit.recent({
    limit: filter.limit,
    ...(filter.offset ? { offset: filter.offset } : {}),
    ...(filter.actor ? { actor: filter.actor } : {}),
    ...(filter.since ? { since: filter.since } : {}),
    ...(filter.toolName ? { tools: toolNames(filter.toolName) } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  });
  return entries.map(toMutationSummary);
}
