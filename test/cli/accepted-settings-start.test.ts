// Accepted settings always start: each value the settings API accepts for a key with a validator (addresses
// and ranges, hosts, paths, URLs, a zone, a folder source, tool names) is saved, then the built `app serve`
// restarts on it and listens. What the next start could not take is refused by the API naming the key; a
// file edited by hand with such a value, or a port another process holds, stops `app serve` with exit 2
// and the key named, never an uncaught error.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { spawnApp } from '../support/run-app.js';
import { killHard, prepareFakeHome, type ServeProcess, serve } from '../support/serve-process.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial;
let home: TempHome;
let server: ServeProcess;
let folder: string;

beforeAll(async () => {
  fake = await startFakeSocial();
  home = createTempHome();
  folder = mkdtempSync(join(tmpdir(), 'accepted-notes-'));
  prepareFakeHome(home, fake);
  server = await serve(home.env);
}, 30_000);
afterAll(async () => {
  if (server) await killHard(server);
  await fake?.close();
  home?.cleanup();
  rmSync(folder, { recursive: true, force: true });
});

async function patch(set: Record<string, unknown>) {
  const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
  const response = await fetch(`${server.url}/api/settings`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ set }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered.
  return { status: response.status, json: (await response.json()) as any };
}

describe('every value the settings API accepts starts the service', () => {
  it('saved one key at a time, each restart listens', { timeout: 90_000 }, async () => {
    const accepted: Array<[string, unknown]> = [
      ['server.trusted_proxies', ['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback']],
      ['server.allowed_hosts', ['app.example.org']],
      ['storage.db_path', join(home.dir, 'moved', 'app.db')],
      ['schedule.timezone', 'Asia/Tokyo'],
      ['llm.base_url', 'http://127.0.0.1:11434/v1'],
      ['social_api.api_base_url', 'https://api.example.org'],
      ['connectors.cloud_drive.token_url', 'https://oauth2.example.org/token'],
      ['content_sources.sources', [{ source_type: 'local_fs', path: folder, file_patterns: ['*.md'] }]],
      ['mcp_policy.blocked_tools', ['social_like_tweet']],
      ['mcp_policy.upload_allowed_dirs', [folder]],
    ];
    mkdirSync(join(home.dir, 'moved'));
    for (const [key, value] of accepted) {
      const saved = await patch({ [key]: value });
      expect(saved.status, `${key}: ${JSON.stringify(saved.json)}`).toBe(200);
      await killHard(server);
      server = await serve(home.env);
      expect(server.url, key).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    }
  });

  it('what a start could not take is refused, naming the key; a range wider than a /8 is a warning', async () => {
    const text = join(home.dir, 'notes.txt');
    writeFileSync(text, 'not a database');
    for (const [key, value, message] of [
      ['server.trusted_proxies', ['10.0.0.0/33'], /'10\.0\.0\.0\/33' is not an IP address, a CIDR range/],
      ['server.trusted_proxies', ['proxy.example.org'], /is not an IP address/],
      ['storage.db_path', home.dir, /is a directory; name the database file inside it/],
      ['storage.db_path', text, /exists and is not an SQLite database/],
      ['storage.db_path', '/etc/app.db', /\/etc\/app\.db is in a system location/],
    ] as const) {
      const refused = await patch({ [key]: value });
      expect(refused.status, key).toBe(400);
      expect(refused.json.error.details.issues).toContainEqual(
        expect.objectContaining({
          key: expect.stringMatching(new RegExp(`^${key}`)),
          message: expect.stringMatching(message),
        }),
      );
    }
    const wide = await patch({ 'server.trusted_proxies': ['0.0.0.0/0'] });
    expect(wide.status).toBe(200);
    expect(wide.json.issues).toContainEqual(
      expect.objectContaining({
        key: 'server.trusted_proxies',
        severity: 'warning',
        message: expect.stringMatching(/0\.0\.0\.0\/0 trusts X-Forwarded-For from more than a \/8/),
      }),
    );
  });
});

describe('a start that fails on config', () => {
  it('exits 2 naming the key: a hand-edited bad value, a port another process holds', async () => {
    const edited = createTempHome();
    try {
      for (const [lines, key] of [
        [['[server]', 'trusted_proxies = ["10.0.0.0/33"]'], 'server.trusted_proxies'],
        [['[storage]', `db_path = ${JSON.stringify(edited.dir)}`], 'storage.db_path'],
      ] as const) {
        edited.writeConfig(lines.join('\n'));
        const run = spawnApp(['serve', '--no-loops', '--port', '0'], edited.env);
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr).toContain(key);
        expect(run.stderr).not.toMatch(/at .+\.js:\d+/);
      }
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const port = (taken.address() as { port: number }).port;
      try {
        edited.writeConfig('');
        const run = spawnApp(['serve', '--no-loops', '--port', String(port)], edited.env);
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr).toMatch(/server\.port: cannot listen on 127\.0\.0\.1:\d+ \(EADDRINUSE/);
        expect(run.stderr).not.toMatch(/at .+\.js:\d+/);
      } finally {
        taken.close();
      }
    } finally {
      edited.cleanup();
    }
  }, 60_000);
});
