// The note sources inside the running service (the runtime `app serve` starts, with its config watcher),
// driven only through the HTTP face and the config file: in cloud deployment a local folder is skipped and
// says why while manual ingest works; linking the fake drive through the full OAuth round trip writes the
// connection into the sources through the settings, which starts the drive source without a restart; a
// file changed in the drive is re-ingested; a refused refresh token shows on the source and the
// connection; switching the deployment mode in settings starts the folder, removing it stops it and takes
// its notes out of search, putting it back brings them back.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Runtime, sourcesPart, startRuntime } from '../../src/app/runtime.js';
import { loadConfig } from '../../src/infra/config/load-config.js';
import { ensureApiToken } from '../../src/infra/security/api-token.js';
import { buildHttpServer } from '../../src/surfaces/http/build-server.js';
import { type FakeDrive, startFakeDrive } from '../fakes/drive/index.js';
import { until } from '../support/serve-process.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let drive: FakeDrive | undefined;
let home: TempHome | undefined;
let runtime: Runtime | undefined;
let folder: string | undefined;
let server: Awaited<ReturnType<typeof buildHttpServer>> | undefined;
afterEach(async () => {
  await server?.close();
  await runtime?.stop('test over');
  await drive?.close();
  home?.cleanup();
  if (folder) rmSync(folder, { recursive: true, force: true });
  drive = home = runtime = folder = server = undefined;
});

const toml = (value: unknown) => JSON.stringify(value);

async function start() {
  drive = await startFakeDrive();
  home = createTempHome();
  folder = mkdtempSync(join(tmpdir(), 'runtime-notes-'));
  writeFileSync(join(folder, 'local.md'), '# Local\nA note on this machine.');
  const connector = Object.entries(drive.connectorConfig()).map(([k, v]) => `${k} = ${toml(v)}`);
  home.writeConfig(
    [
      'deployment_mode = "cloud"',
      '[logging]',
      'level = "silent"',
      '[connectors.cloud_drive]',
      ...connector,
      '[[content_sources.sources]]',
      'source_type = "local_fs"',
      `path = ${toml(folder)}`,
    ].join('\n'),
  );
  const load = { env: home.env };
  const loaded = loadConfig(load);
  if (!loaded.config) throw new Error(JSON.stringify(loaded.issues));
  runtime = await startRuntime({
    load,
    loaded: { ...loaded, config: loaded.config },
    logTo: 'stderr',
    env: home.env,
    parts: [sourcesPart()],
  });
  const app = runtime.app;
  const token = ensureApiToken(app.deps.paths.apiTokenPath);
  const http = await buildHttpServer(app.deps, { apiToken: token });
  server = http;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered.
  const api = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown): Promise<any> => {
    const response = await http.inject({
      method,
      url,
      headers: { host: '127.0.0.1:3001', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, ...(response.json() as object) };
  };
  const sources = async () =>
    (await api('GET', '/api/sources')).sources as Array<{
      id: number;
      source_type: string;
      status: string;
      error_message: string | null;
      notes: number;
    }>;
  const sourceOf = async (type: string) => (await sources()).find((s) => s.source_type === type);
  const notes = async () =>
    sqliteOf(app.deps.database)
      .sqlite.prepare('select relative_path from content_nodes where gone_at is null order by relative_path')
      .pluck()
      .all();
  return { app, api, http, sourceOf, notes, drive, home };
}

describe('note sources in the running service', () => {
  it('cloud mode, drive linked through OAuth, polled, re-ingested, expired; settings restart the sources', async () => {
    const s = await start();
    await until('the sources to start', async () => ((await s.sourceOf('local_fs')) ? true : undefined));
    expect(await s.sourceOf('local_fs')).toMatchObject({
      status: 'skipped',
      error_message: 'local_fs sources are not available in cloud deployment',
      notes: 0,
    });
    // Manual ingest works in cloud deployment.
    const ingested = await s.api('POST', '/api/ingest', {
      inline_nodes: [{ relative_path: 'pasted.md', body_text: 'Pasted in the dashboard.' }],
    });
    expect(ingested).toMatchObject({ status: 200, ingested: 1, errors: [] });

    // The drive holds two notes; linking it is the full consent round trip.
    const ideas = s.drive.state.addFolder('Ideas');
    const draftId = s.drive.state.addFile('draft.md', '# Draft\nFirst version.', { parent: ideas });
    s.drive.state.addDoc('Plan', 'A plan written in a Google Doc.');
    const link = await s.api('POST', '/api/connectors/cloud-drive/link', {});
    expect(link.status).toBe(200);
    const consent = await fetch(link.authorization_url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const page = await s.http.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { host: '127.0.0.1:3001', accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"connector":"cloud_drive","id":1');

    // The connection id went into the config file through the settings; the watcher starts the source.
    const settings = await s.api('GET', '/api/settings');
    expect(settings.config.content_sources.sources).toEqual([
      expect.objectContaining({ source_type: 'local_fs', path: folder }),
      expect.objectContaining({ source_type: 'cloud_drive', connection_id: 1 }),
    ]);
    await until('the drive notes', async () => ((await s.notes()).length === 3 ? true : undefined));
    expect(await s.notes()).toEqual(['Ideas/draft.md', 'Plan.txt', 'pasted.md']);
    const driveSource = await s.sourceOf('cloud_drive');
    expect(driveSource).toMatchObject({ status: 'active', notes: 2 });

    // A file edited in the drive is re-ingested (a reindex here, instead of waiting for the poll).
    s.drive.state.edit(draftId, '# Draft\nSecond version, with a new idea.');
    const reindex = await s.api('POST', `/api/sources/${driveSource?.id}/reindex`, {});
    expect(reindex.status).toBe(200);
    const search = await s.api('GET', '/api/notes?q=new%20idea');
    expect(search.items).toEqual([expect.objectContaining({ relative_path: 'Ideas/draft.md' })]);

    // The user revokes the app at the provider: the source and the connection say so.
    for (const token of s.drive.auth.refreshTokens.keys()) s.drive.auth.revokeRefreshToken(token);
    s.drive.auth.expireAccessTokens();
    const refused = await s.api('POST', `/api/sources/${driveSource?.id}/reindex`, {});
    expect(refused.status).toBe(502);
    expect(JSON.stringify(refused)).toContain('link the drive again');
    expect(await s.sourceOf('cloud_drive')).toMatchObject({
      status: 'error',
      error_message: expect.stringMatching(/refresh|link/i),
      notes: 2,
    });
    const status = await s.api('GET', '/api/connectors/cloud-drive/status');
    expect(status.connections).toEqual([expect.objectContaining({ id: 1, status: 'expired' })]);

    // Self-host now: the folder starts, without a restart of the service.
    expect((await s.api('PATCH', '/api/settings', { set: { deployment_mode: 'self_host' } })).status).toBe(
      200,
    );
    await until('the folder to be ingested', async () =>
      (await s.notes()).includes('local.md') ? true : undefined,
    );
    expect(await s.sourceOf('local_fs')).toMatchObject({ status: 'active', notes: 1 });

    // The folder taken out of the sources: it stops and says so; the drive entry stays as it was.
    const kept = settings.config.content_sources.sources[1];
    const removed = await s.api('PATCH', '/api/settings', {
      set: { 'content_sources.sources': [{ source_type: 'cloud_drive', connection_id: kept.connection_id }] },
    });
    expect(removed.status).toBe(200);
    await until('the folder to stop', async () =>
      (await s.sourceOf('local_fs'))?.status === 'disabled' ? true : undefined,
    );
    // Its notes leave search (and generation) with it; the drive's stay.
    expect(await s.sourceOf('local_fs')).toMatchObject({
      error_message: 'no longer in the config',
      notes: 0,
    });
    expect((await s.api('GET', '/api/notes?q=machine')).items).toEqual([]);
    expect(await s.notes()).toEqual(['Ideas/draft.md', 'Plan.txt', 'pasted.md']);

    // Put back, the folder finds its note again.
    const readded = await s.api('PATCH', '/api/settings', {
      set: { 'content_sources.sources': settings.config.content_sources.sources },
    });
    expect(readded.status).toBe(200);
    await until('the folder back', async () =>
      (await s.sourceOf('local_fs'))?.status === 'active' ? true : undefined,
    );
    expect((await s.api('GET', '/api/notes?q=machine')).items).toEqual([
      expect.objectContaining({ relative_path: 'local.md' }),
    ]);
  });
});
