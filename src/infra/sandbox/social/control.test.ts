// The control API (tokens, clients, seed, clock, request log, stats, settings, reset) and the CLI starter.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, client } from '../../../../test/support/fake-social-client.js';
import { createTempHome } from '../../../../test/support/temp-home.js';
import { loadConfig } from '../../config/load-config.js';
import { createFakeClock } from './clock.js';
import { DEFAULT_CLIENT_ID } from './constants.js';
import { type FakeSocial, startFakeSocial } from './server.js';

type Body = Record<string, unknown> & { data?: unknown };
let fake: FakeSocial;
let control: Client;

beforeAll(async () => {
  fake = await startFakeSocial({ clock: createFakeClock({ frozen: true }) });
  control = client(fake.url);
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  await control.post('/__control/reset');
});

async function tokenFor(body: Record<string, unknown> = {}): Promise<string> {
  const reply = await control.post<{ access_token: string }>('/__control/tokens', body);
  expect(reply.status).toBe(201);
  return reply.body.access_token;
}

describe('control API', () => {
  it('issues tokens, seeds data and advances the clock', async () => {
    const token = await tokenFor({ scopes: 'tweet.read users.read', expires_in_seconds: 60 });
    const api = client(fake.url, token);
    const seeded = await control.post<{ data: { users: string[]; tweets: string[] } }>('/__control/seed', {
      users: [{ username: 'new_person', name: 'New Person', followers_count: 5 }],
      tweets: [{ author_username: 'new_person', text: 'hello from the control api', minutes_ago: 3 }],
    });
    expect(seeded.status).toBe(201);
    const search = await api.get<Body>('/2/tweets/search/recent', { query: 'from:new_person control' });
    expect((search.body.data as Array<{ id: string }>)[0]?.id).toBe(seeded.body.data.tweets[0]);
    expect((await api.post('/2/tweets', { text: 'nope' })).status).toBe(403);

    await control.post('/__control/clock', { advance_seconds: 61 });
    expect((await api.get('/2/users/me')).status).toBe(401);
  });

  it('registers clients for the authorize page', async () => {
    await control.post('/__control/clients', { client_id: 'demo', redirect_uris: ['http://127.0.0.1:1/cb'] });
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'demo',
      redirect_uri: 'http://127.0.0.1:1/cb',
      scope: 'users.read',
      state: 's',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    });
    const reply = await fetch(`${fake.url}/i/oauth2/authorize?${query}`, { redirect: 'manual' });
    expect(reply.status).toBe(302);
  });

  it('logs requests and reports stats and settings', async () => {
    const api = client(fake.url, await tokenFor());
    await api.get('/2/users/me', { 'user.fields': 'created_at' });
    const log = await control.get<{ data: Array<Record<string, unknown>> }>('/__control/requests');
    expect(log.body.data.at(-1)).toMatchObject({
      method: 'GET',
      path: '/2/users/me',
      query: { 'user.fields': 'created_at' },
      status: 200,
      userId: '1000',
    });
    expect(typeof log.body.data.at(-1)?.ms).toBe('number');
    await control.post('/__control/settings', { tier: 'basic' });
    expect((await api.get('/2/usage/tweets')).status).toBe(403);
    const stats = await control.get<{ counts: { users: number; tweets: number } }>('/__control/stats');
    expect(stats.body.counts.users).toBe(13);
    expect(stats.body.counts.tweets).toBeGreaterThan(30);
  });
});

describe('CLI starter', () => {
  it('prints the URL, a working token, and config lines the app loads as they are', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/infra/sandbox/social/cli.ts', '--port', '0', '--quiet'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      let output = '';
      child.stdout.setEncoding('utf8');
      while (!/control API/.test(output)) {
        const [chunk] = (await once(child.stdout, 'data')) as [string];
        output += chunk;
      }
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
      const token = /bearer token .*: (\S+)/.exec(output)?.[1] ?? '';
      const me = await client(url, token).get('/2/users/me');
      expect(me.body).toEqual({ data: { id: '1000', name: 'App Owner', username: 'app_owner' } });

      // The printed blocks, pasted as they are: into config.toml, or into the environment.
      const block = (title: RegExp) => output.split(title)[1]?.trim().split('\n\n')[0] ?? '';
      const toml = block(/config\.toml.*:\n/);
      expect(toml.split('\n')[0]).toBe('[social_api]');
      const env = Object.fromEntries(
        block(/environment variables:\n/)
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      const home = createTempHome();
      try {
        home.writeConfig(`${toml}\n`);
        const fromFile = loadConfig({ env: home.env });
        const fromEnv = loadConfig({ env: { APP_HOME: `${home.dir}/none`, ...env } });
        for (const loaded of [fromFile, fromEnv]) {
          expect(loaded.issues).toEqual([]);
          expect(loaded.config?.social_api).toMatchObject({
            client_id: DEFAULT_CLIENT_ID,
            api_base_url: url,
            upload_base_url: url,
            legacy_upload_base_url: url,
            ads_base_url: url,
            authorize_url: `${url}/i/oauth2/authorize`,
            token_url: `${url}/2/oauth2/token`,
          });
        }
      } finally {
        home.cleanup();
      }
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
