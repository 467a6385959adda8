// A running fake platform plus a real client wired to it over HTTP: temp data dir, stored tokens,
// config pointing every host at the fake, a shared clock, and usage recorded in real SQLite.

import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { type ConfigInput, ConfigSchema } from '../../src/contracts/config/config.js';
import type { StoredTokens } from '../../src/contracts/platform-tokens.js';
import type { Clock } from '../../src/core/ports/clock.js';
import { dataPaths } from '../../src/infra/config/config-paths.js';
import {
  createFakeClock,
  type FakeSocial,
  type SettableClock,
  startFakeSocial,
} from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { createSocialBackend, type SocialBackend } from '../../src/infra/social/create-social-backend.js';
import { type AppDatabase, openDatabase } from '../../src/infra/sqlite/open-database.js';
import { ApiUsageRepository } from '../../src/infra/sqlite/repositories/api-usage-repository.js';
import { createTempHome, type TempHome } from './temp-home.js';

export interface SocialHarness {
  fake: FakeSocial;
  clock: SettableClock;
  /** The same instant as the fake's clock, as the app's Clock port. */
  appClock: Clock;
  home: TempHome;
  database: AppDatabase;
  usage: ApiUsageRepository;
  tokensPath: string;
  /** A config pointing every platform host at the fake. */
  config(overrides?: ConfigInput): ReturnType<typeof ConfigSchema.parse>;
  /** Stores a token the fake issued, as `app auth` would have. */
  storeToken(options?: { scopes?: string[]; expiresInSeconds?: number; withRefresh?: boolean }): StoredTokens;
  backend(overrides?: ConfigInput): SocialBackend;
  /** Requests the fake saw, as "METHOD /path". */
  seen(): string[];
  close(): Promise<void>;
}

export async function startSocialHarness(
  options: { tier?: 'basic' | 'pro' | 'enterprise' } = {},
): Promise<SocialHarness> {
  const clock = createFakeClock({ frozen: true, start: Date.parse('2026-11-22T12:00:00.000Z') });
  const fake = await startFakeSocial({ clock, tier: options.tier ?? 'pro' });
  const home = createTempHome();
  const appClock: Clock = { now: () => new Date(clock.now()) };
  const database = openDatabase({ path: ':memory:' });
  const usage = new ApiUsageRepository(database, DEFAULT_ACCOUNT_ID, appClock);
  const tokensPath = `${home.dir}/tokens.json`;
  fake.state.registerClient({ clientId: 'test-client', redirectUris: [] });

  const config = (overrides: ConfigInput = {}) =>
    ConfigSchema.parse({
      ...overrides,
      social_api: {
        client_id: 'test-client',
        api_base_url: fake.url,
        upload_base_url: fake.url,
        legacy_upload_base_url: fake.url,
        ads_base_url: fake.url,
        authorize_url: `${fake.url}/i/oauth2/authorize`,
        token_url: `${fake.url}/2/oauth2/token`,
        request_timeout_seconds: 5,
        ...overrides.social_api,
      },
    });

  return {
    fake,
    clock,
    appClock,
    home,
    database,
    usage,
    tokensPath,
    config,
    storeToken: (tokenOptions = {}) =>
      storeFakeLogin(fake, tokensPath, { ...tokenOptions, clientId: 'test-client' }),
    backend(overrides = {}) {
      const cfg = config(overrides);
      return createSocialBackend({
        config: cfg,
        tokensPath,
        scraperSessionPath: dataPaths(cfg, home.dir).scraperSessionPath,
        clock: appClock,
        usage,
        sleep: async () => {},
        random: () => 0,
      });
    },
    seen: () => fake.requests.map((r) => `${r.method} ${r.path}`),
    async close() {
      await fake.close();
      await database.close();
      home.cleanup();
    },
  };
}
