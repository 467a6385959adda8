// Child process for the cross-process refresh tests: one TokenManager in a process of its own. It loads,
// says 'ready', asks for a usable token on 'go', reports the outcome, and stays alive until it is killed.
import type { AppError } from '../../src/core/errors.js';
import { PlatformOAuth } from '../../src/infra/social/platform-oauth.js';
import { TokenManager } from '../../src/infra/social/token-manager.js';
import { TokenStore } from '../../src/infra/social/token-store.js';

export type RefreshOutcome = { ok: true; accessToken: string } | { ok: false; code: string; message: string };

const [tokensPath = '', tokenUrl = '', now = '', staleMs = ''] = process.argv.slice(2);
const manager = new TokenManager({
  store: new TokenStore(tokensPath),
  oauth: new PlatformOAuth({
    clientId: 'test-client',
    authorizeUrl: tokenUrl.replace('/2/oauth2/token', '/i/oauth2/authorize'),
    tokenUrl,
    timeoutMs: 5000,
  }),
  // The test's frozen instant: the stale window can only run out by counting polls.
  clock: { now: () => new Date(now) },
  staleRefreshMs: Number(staleMs),
});

const report = (outcome: RefreshOutcome) => process.send?.(outcome);
process.on('message', (message) => {
  if (message !== 'go') return;
  manager.current().then(
    (grant) => report({ ok: true, accessToken: grant.accessToken }),
    (error: AppError) => report({ ok: false, code: error.code, message: error.message }),
  );
});
process.on('disconnect', () => process.exit(0)); // the test run is gone
process.send?.('ready');
