// `npm run fake:social -- --port N [--tier basic|pro|enterprise] [--quiet]`: starts the fake X platform by
// hand for demos, prints its URL, a ready token and the settings that point the app at it (config.toml lines
// with their section header, and the same as environment variables), then logs requests.
import { parseArgs } from 'node:util';
import { fakeSocialConfig } from './config-lines.js';
import { DEFAULT_CLIENT_ID, DEFAULT_USER_ID } from './constants.js';
import { startFakeSocial } from './server.js';
import type { Tier } from './state.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    tier: { type: 'string', default: 'pro' },
    quiet: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
const tier = values.tier as Tier;
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`invalid --port: ${values.port}`);
  process.exit(2);
}
if (!['basic', 'pro', 'enterprise'].includes(tier)) {
  console.error(`invalid --tier: ${values.tier} (basic, pro or enterprise)`);
  process.exit(2);
}

const fake = await startFakeSocial({
  port,
  tier,
  onRequest: values.quiet
    ? undefined
    : (entry) => {
        const who = entry.userId ? ` user=${entry.userId}` : '';
        const fault = entry.fault ? ` fault=${entry.fault}` : '';
        console.log(
          `${entry.at} ${entry.method} ${entry.path} → ${entry.status} ${entry.ms}ms${who}${fault}`,
        );
      },
});
// Demos want ads to work out of the box; tests enable it explicitly.
fake.state.enableAds(DEFAULT_USER_ID);
const token = fake.state.issueToken({
  scopes: fake.state.allScopes(),
  withRefresh: true,
  expiresInSeconds: 86_400,
});

console.log(`fake social platform listening on ${fake.url}`);
console.log(
  `acting user: @app_owner (id ${DEFAULT_USER_ID}); OAuth client_id: ${DEFAULT_CLIENT_ID} (public)`,
);
console.log(`bearer token (all scopes, 24 h): ${token.accessToken}`);
console.log(`refresh token: ${token.refreshToken ?? ''}`);
const config = fakeSocialConfig(fake.url, DEFAULT_CLIENT_ID);
console.log('\nconfig.toml (paste as is):\n');
console.log(config.toml.join('\n'));
console.log('\nor as environment variables:\n');
console.log(config.env.join('\n'));
console.log('');
console.log(
  `control API: ${fake.url}/__control (faults, reset, seed, clients, tokens, clock, requests, stats)`,
);

const stop = async () => {
  await fake.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
