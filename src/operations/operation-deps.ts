// What an operation may use: the services' dependencies, the gateway (the one door for every mutation),
// the platform's read port and read-only endpoint access. Never the database handle, the platform write
// port or the raw transport: writes reach the platform only through the gateway.
import type { AppDeps } from '../app/create-app.js';
import type { ProviderCapabilities } from '../contracts/social.js';
import type { SocialRead } from '../core/ports/social.js';
import type { SocialEndpoints } from '../core/ports/social-endpoints.js';

export type OperationDeps = Omit<
  AppDeps,
  'database' | 'social' | 'endpoints' | 'publisher' | 'apiUsage' | 'forOperations'
> & {
  social: { read: SocialRead; capabilities: ProviderCapabilities };
  /** Declared platform endpoints for reads (GET only; absent for the scraper backend). */
  endpointReads?: SocialEndpoints;
  /** The signed-in account's id (self-reply checks), when a login exists. */
  meId(): Promise<string | undefined>;
};
