// The cloud drive connector as one object for the faces: start and complete a link, list and disconnect
// linked accounts. A new connection's id is written into a drive source's `connection_id` through the
// settings (see attach-connection.ts); a refused write leaves the link in place and says so in the log.
import type { Connection, ConnectionList, Disconnected, LinkStart } from '../../../contracts/connectors.js';
import { attachConnection } from './attach-connection.js';
import { completeLink, type LinkCallback } from './complete-link.js';
import type { ConnectorDeps } from './connector-deps.js';
import { disconnect } from './disconnect.js';
import { listConnections } from './list-connections.js';
import { startLink } from './start-link.js';

export interface CloudDriveConnector {
  /** The provider's consent URL and the link's state (conflict while a connection is active, unless force). */
  startLink(input: { force?: boolean }): Promise<LinkStart>;
  /** The browser came back with `code` and `state` (or the provider's `error`): the new connection. */
  completeLink(input: LinkCallback): Promise<Connection>;
  /** Whether a live link of this connector handed out `state` (the callback finds the account that started it). */
  holdsLink(state: string): boolean;
  status(): Promise<ConnectionList>;
  disconnect(id: number): Promise<Disconnected>;
}

export function createCloudDriveConnector(deps: ConnectorDeps): CloudDriveConnector {
  return {
    startLink: (input) => startLink(deps, input),
    holdsLink: (state) => deps.pending.holds(state, deps.clock.now()),
    async completeLink(input) {
      const connection = await completeLink(deps, input);
      if (deps.settings) {
        const active = new Set(
          (await deps.connections.list('cloud_drive')).filter((c) => c.status === 'active').map((c) => c.id),
        );
        try {
          const attached = attachConnection(deps.settings, connection.id, (id) => active.has(id));
          deps.logger?.info?.({ connection: connection.id, ...attached }, 'cloud drive linked to a source');
        } catch (error) {
          deps.logger?.warn(
            { err: error, connection: connection.id },
            `cloud drive linked, but connection_id = ${connection.id} could not be written into the sources; set it in settings`,
          );
        }
      }
      return connection;
    },
    status: () => listConnections(deps),
    disconnect: (id) => disconnect(deps, id),
  };
}
