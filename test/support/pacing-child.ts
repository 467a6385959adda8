// Child process for the cross-process pacing test: a whole app of its own (its own gateway, publisher and
// database connection) on a data dir another process shares. On 'go' it likes each post it was given as an
// agent, waiting when told to (the refusal names the instant), and reports how often it was refused.

import { createApp } from '../../src/app/wiring/create-app.js';
import { ConfigSchema } from '../../src/contracts/config/config.js';
import { isAppError } from '../../src/core/errors.js';
import { createLogger } from '../../src/infra/logging/create-logger.js';

export interface PacingChildReport {
  liked: string[];
  refused: number;
}

const [dataDir = '', fakeUrl = '', gapSeconds = '1', ids = ''] = process.argv.slice(2);
const config = ConfigSchema.parse({
  approval_mode: false,
  mcp_policy: { require_approval_for: [], max_mutations_per_hour: 1000 },
  limits: { min_action_delay_seconds: Number(gapSeconds), max_action_delay_seconds: Number(gapSeconds) },
  social_api: {
    client_id: 'test-client',
    api_base_url: fakeUrl,
    upload_base_url: fakeUrl,
    token_url: `${fakeUrl}/2/oauth2/token`,
    request_timeout_seconds: 5,
  },
});
const app = await createApp({ config, dataDir, logger: createLogger({ level: 'silent' }), env: {} });

async function likeAll(): Promise<PacingChildReport> {
  const report: PacingChildReport = { liked: [], refused: 0 };
  for (const id of ids.split(',')) {
    for (;;) {
      try {
        await app.deps.gateway.submit({
          tool: 'social_like_tweet',
          params: { tweet_id: id },
          actor: 'agent',
        });
        report.liked.push(id);
        break;
      } catch (error) {
        if (!isAppError(error) || error.code !== 'policy_denied_rate_limited') throw error;
        report.refused++;
        // wall clock: two real processes share the account's next allowed instant on real time
        const wait = Math.max(0, (error.resetAt?.getTime() ?? Date.now() + 100) - Date.now());
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }
  return report;
}

process.on('message', (message) => {
  if (message !== 'go') return;
  likeAll().then(
    (report) => process.send?.(report),
    (error: Error) => process.send?.({ error: error.message }),
  );
});
process.on('disconnect', () => {
  void app.close().finally(() => process.exit(0));
});
process.send?.('ready');
