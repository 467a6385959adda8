// The cloud drive link flow's one hand-made route: the OAuth callback the browser comes back to from the
// consent page (public: it carries no credentials of ours, the single-use state protects it; it answers a
// small page that tells the dashboard window and closes). Link, status and disconnect are operations
// (operations/connectors).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/wiring/create-app.js';
import { one, registerCallbackRoute } from './oauth-callback.js';

const BASE = '/api/connectors/cloud-drive';

export type ConnectorRoutesDeps = Pick<AppDeps, 'accounts'>;

/** The link completes in the account that started it (whose connector holds the state), else the default. */
async function complete(deps: ConnectorRoutesDeps, request: FastifyRequest): Promise<number> {
  const fields = ['code', 'state', 'error', 'error_description'].flatMap((name) => {
    const value = one(request.query, name);
    return value === undefined ? [] : [[name, value] as const];
  });
  const state = one(request.query, 'state');
  const accounts = deps.accounts.list();
  const starter =
    (state === undefined
      ? undefined
      : accounts.find((account) => account.deps.connectors.cloudDrive.holdsLink(state))) ?? accounts[0];
  if (!starter) throw new Error('the service has no account');
  return (await starter.deps.connectors.cloudDrive.completeLink(Object.fromEntries(fields))).id;
}

/** Registers the callback route of the cloud drive connector. */
export function registerConnectorRoutes(app: FastifyInstance, deps: ConnectorRoutesDeps): void {
  registerCallbackRoute(app, `${BASE}/callback`, {
    complete: async (request) => ({
      title: 'Cloud drive linked',
      text: 'You can close this window.',
      message: { type: 'connector_linked', connector: 'cloud_drive', id: await complete(deps, request) },
    }),
    failure: {
      title: 'Linking the cloud drive failed',
      message: (error) => ({ type: 'connector_link_failed', connector: 'cloud_drive', error }),
    },
    // Linking in the same tab (a blocked popup) ends here: the way back to the content sources.
    back: { href: '/settings', label: 'Back to Settings' },
  });
}
