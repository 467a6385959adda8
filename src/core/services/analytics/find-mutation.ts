// get_mutation_detail: one audited mutation by the correlation id its envelope carried.
import type { MutationDetail } from '../../../contracts/tool-telemetry.js';
import { AppError } from '../../errors.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';
import { toMutationDetail } from './mutation-views.js';

/** The whole audit record; `not_found` when no mutation of this account has that correlation id. */
export async function findMutation(
  deps: Pick<AnalyticsStores, 'audit'>,
  correlationId: string,
): Promise<MutationDetail> {
  const entry = await deps.audit.find(correlationId);
  if (!entry) throw new AppError('not_found', `no audited mutation has correlation id '${correlationId}'`);
  return toMutationDetail(entry);
}
