// Live settings across processes: a running `app serve` and an `app mcp serve` started before the change
// both pick up a changed config file within 2 seconds, whoever changed it (PATCH /api/settings, `app
// settings --set`, an editor replacing the file); an invalid file is reported and the last good config kept;
// a setting that applies only at start is reported as needing a restart; pending approvals stay pending.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { spawnApp } from '../support/run-app.js';
import { killHard, prepareFakeHome, type ServeProcess, serve, until } from '../support/serve-process.js';
import { type StdioToolServer, startStdioToolServer } from '../support/stdio-tool-server.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial | undefined;
let home: TempHome | undefined;
let server: ServeProcess | undefined;
let tools: StdioToolServer | undefined;
afterEach(async () => {
  await tools?.close();
  if (server) await killHard(server);
  await fake?.close();
  home?.cleanup();
  tools = server = fake = home = undefined;
});

const WITHIN_MS = 2000;

async function start() {
  fake = await startFakeSocial();
  home = createTempHome();
  prepareFakeHome(home, fake);
  const configured = home;
  // A comment the edits must keep.
  writeFileSync(
    configured.configPath,
    `# my settings\nmode = "autopilot"\n${readFileSync(configured.configPath, 'utf8')}`,
  );
  server = await serve(configured.env);
  // Only the home: the tool server reads the same config file as the service.
  tools = await startStdioToolServer({ PATH: process.env.PATH ?? '', ...configured.env });
  const token = readFileSync(`${configured.dir}/api_token`, 'utf8').trim();
  const running = server;
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      json: (await response.json()) as Record<string, unknown> & { mode?: string },
    };
  };
  const modes = async () => ({
    service: (await api('GET', '/api/assist/mode')).json.mode,
    agent: ((await tools?.call('get_mode')) as { data: { mode: string } } | undefined)?.data.mode,
  });
  /** Waits (at most 2 s from the change) until both processes answer `mode`. */
  const bothSee = async (mode: string) => {
    // wall clock: how long the reload takes
    const changed = Date.now();
    await until(
      `both processes in ${mode}`,
      async () => {
        const seen = await modes();
        return seen.service === mode && seen.agent === mode ? true : undefined;
      },
      WITHIN_MS,
    );
    // wall clock: how long the reload takes
    return Date.now() - changed;
  };
  return { api, modes, bothSee, home: configured };
}

describe('live settings', () => {
  it('a PATCH, `app settings --set` and an editor each reach both running processes within 2 s', async () => {
    const s = await start();
    expect(await s.modes()).toEqual({ service: 'autopilot', agent: 'autopilot' });
    // Something waiting for a person must stay waiting through every switch.
    const queued = await s.api('PATCH', '/api/settings', { set: { approval_mode: true } });
    expect(queued.status).toBe(200);
    // The process that answered the PATCH applies it before answering: no wait for its file watcher.
    expect((await s.api('GET', '/api/assist/mode')).json.approval_mode).toBe(true);
    const compose = await s.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'hold on',
    });
    expect(compose.json.status).toBe('queued_for_approval');

    const patched = await s.api('PATCH', '/api/settings', { set: { mode: 'composer' } });
    expect(patched.status).toBe(200);
    expect(await s.bothSee('composer')).toBeLessThan(WITHIN_MS);

    const cli = spawnApp(['settings', '--set', 'mode=autopilot'], s.home.env);
    expect(cli.code, cli.stderr).toBe(0);
    expect(await s.bothSee('autopilot')).toBeLessThan(WITHIN_MS);

    // An editor writes a new file and renames it over the old one.
    const text = readFileSync(s.home.configPath, 'utf8').replace('mode = "autopilot"', 'mode = "composer"');
    writeFileSync(`${s.home.configPath}.swp`, text, { mode: 0o600 });
    renameSync(`${s.home.configPath}.swp`, s.home.configPath);
    expect(await s.bothSee('composer')).toBeLessThan(WITHIN_MS);

    expect(readFileSync(s.home.configPath, 'utf8')).toContain('# my settings');
    const pending = await s.api('GET', '/api/approval?status=pending');
    expect((pending.json as { total: number }).total).toBe(1);
  }, 60_000);

  it('an invalid file is reported and the last good config kept; a start-only setting needs a restart', async () => {
    const s = await start();
    const good = readFileSync(s.home.configPath, 'utf8');
    writeFileSync(s.home.configPath, good.replace('mode = "autopilot"', 'mode = "sideways"'));
    await until('the refusal in the log', () =>
      server?.output().includes('keeping the last good config') ? true : undefined,
    );
    expect(await s.modes()).toEqual({ service: 'autopilot', agent: 'autopilot' });
    writeFileSync(s.home.configPath, good.replace('mode = "autopilot"', 'mode = "composer"'));
    expect(await s.bothSee('composer')).toBeLessThan(WITHIN_MS);

    const hosts = await s.api('PATCH', '/api/settings', {
      set: { 'server.allowed_hosts': ['app.home.arpa'] },
    });
    expect(hosts.status).toBe(200);
    expect(hosts.json.restart_required).toEqual([
      { key: 'server.allowed_hosts', reason: expect.any(String) },
    ]);
    await until('the restart notice in the log', () =>
      server?.output().includes('these settings apply after a restart') ? true : undefined,
    );
  }, 60_000);
});
