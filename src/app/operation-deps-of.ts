// Narrows the app's dependencies to what operations may use (see operations/operation-deps.ts): the
// database handle, the platform write port and the raw transport stay with the gateway and the runners.
import { readOnlyEndpoints } from '../infra/social/read-only-endpoints.js';
import type { OperationDeps } from '../operations/operation-deps.js';
import type { AppDeps } from './create-app.js';

export function operationDepsOf(deps: Omit<AppDeps, 'forOperations'>): OperationDeps {
  const { database: _database, social, endpoints, publisher, apiUsage: _apiUsage, ...rest } = deps;
  return {
    ...rest,
    social: { read: social.read, capabilities: social.capabilities },
    ...(endpoints ? { endpointReads: readOnlyEndpoints(endpoints) } : {}),
    meId: () => publisher.meId().catch(() => undefined),
  };
}
