// Builds the platform backend the config asks for: the official API client (tokens, refresh, breaker,
// usage accounting) or the scraper. The rest of the service sees only SocialRead / SocialWrite.
import type { Config } from '../../contracts/config/config.js';
import type { ProviderCapabilities } from '../../contracts/social.js';
import { CircuitBreaker } from '../../core/domain/circuit-breaker.js';
import { socialBaseUrls } from '../../core/domain/platform-hosts.js';
import type { ApiUsageRecorder } from '../../core/ports/api-usage.js';
import type { Clock } from '../../core/ports/clock.js';
import type { SocialRead, SocialWrite } from '../../core/ports/social.js';
import { HttpTransport } from './http-transport.js';
import { MediaUploader } from './media-upload.js';
import { PlatformOAuth } from './platform-oauth.js';
import { ScraperClient } from './scraper/scraper-client.js';
import { SocialApiClient } from './social-api-client.js';
import { TokenManager } from './token-manager.js';
import { TokenStore } from './token-store.js';

export interface SocialBackend {
  read: SocialRead;
  write: SocialWrite;
  capabilities: ProviderCapabilities;
  /** The official API's token keeper; absent for the scraper. */
  tokens?: TokenManager;
  /** Raw endpoint access for the generated endpoint tools; absent for the scraper. */
  transport?: HttpTransport;
  breaker: CircuitBreaker;
}

export interface SocialBackendDeps {
  config: Readonly<Config>;
  tokensPath: string;
  /** The scraper backend's imported browser session (scraper_session.json). */
  scraperSessionPath: string;
  clock: Clock;
  usage?: ApiUsageRecorder;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** The origins the platform's tokens go to under `[social_api]`: each host, and the token endpoint. */
export function tokenOrigins(config: Readonly<Config>): Record<string, string> {
  const origins: Record<string, string> = { token: new URL(config.social_api.token_url).origin };
  for (const [host, url] of Object.entries(socialBaseUrls(config))) origins[host] = new URL(url).origin;
  return origins;
}

export function platformOAuth(config: Readonly<Config>, usage?: ApiUsageRecorder): PlatformOAuth | undefined {
  const api = config.social_api;
  if (!api.client_id) return undefined;
  return new PlatformOAuth({
    clientId: api.client_id,
    clientSecret: api.client_secret,
    authorizeUrl: api.authorize_url,
    tokenUrl: api.token_url,
    timeoutMs: api.request_timeout_seconds * 1000,
    usage,
  });
}

export function createSocialBackend(deps: SocialBackendDeps): SocialBackend {
  const { config, clock, usage } = deps;
  const api = config.social_api;
  const breaker = new CircuitBreaker(config.circuit_breaker, clock);
  if (api.provider_backend === 'scraper') {
    const scraper = new ScraperClient({
      baseUrl: api.scraper_base_url,
      timeoutMs: api.request_timeout_seconds * 1000,
      allowMutations: api.scraper_allow_mutations,
      sessionPath: deps.scraperSessionPath,
      usage,
      sleep: deps.sleep,
      random: deps.random,
    });
    return { read: scraper, write: scraper, capabilities: scraper.capabilities, breaker };
  }
  const tokens = new TokenManager({
    store: new TokenStore(deps.tokensPath),
    oauth: platformOAuth(config, usage),
    clock,
    origins: tokenOrigins(config),
  });
  // The client learns the account's id (login record or users/me); reads about it are owned reads.
  let client: SocialApiClient | undefined;
  const transport = new HttpTransport({
    baseUrls: socialBaseUrls(config),
    timeoutMs: api.request_timeout_seconds * 1000,
    tokens,
    clock,
    usage,
    ownUserId: () => tokens.userId() ?? client?.knownUserId(),
    breaker,
    sleep: deps.sleep,
    random: deps.random,
  });
  client = new SocialApiClient({
    transport,
    media: new MediaUploader({ transport, sleep: deps.sleep }),
    userId: () => tokens.userId(),
  });
  return { read: client, write: client, capabilities: client.capabilities, tokens, transport, breaker };
}
