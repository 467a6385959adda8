// Linked accounts whose grants are handed out only for the origins they were linked at. A link from before
// origins were kept is bound at its first use to the config then in force; a config that names another
// origin since gets no token there, and says to link the drive again.
import { movedOrigin, type TokenOrigins } from '../../domain/token-origins.js';
import { AppError } from '../../errors.js';
import type { ConnectionStore, StoredGrant } from '../../ports/connections.js';

async function usableGrant(store: ConnectionStore, id: number, origins: TokenOrigins): Promise<StoredGrant> {
  const grant = await store.grant(id);
  if (!grant.origins) {
    await store.bindOrigins(id, origins);
    return { ...grant, origins };
  }
  const moved = movedOrigin(grant.origins, origins);
  if (moved)
    throw new AppError(
      'validation_error',
      `cloud drive connection ${id} was linked for ${moved.issued} (${moved.place}); [connectors.cloud_drive] now names ${moved.now}, where its token is never sent: link the drive again`,
    );
  return grant;
}

/** `store`, with `grant` refusing a grant the current settings (`origins`) would send elsewhere. */
export function boundToOrigins(store: ConnectionStore, origins: () => TokenOrigins): ConnectionStore {
  return {
    list: (type) => store.list(type),
    get: (id) => store.get(id),
    create: (input, at) => store.create(input, at),
    grant: (id) => usableGrant(store, id, origins()),
    bindOrigins: (id, bound) => store.bindOrigins(id, bound),
    setStatus: (id, status, problem, at) => store.setStatus(id, status, problem, at),
    remove: (id) => store.remove(id),
  };
}
