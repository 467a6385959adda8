// A linked drive's refresh token goes only to the origins it was linked at: the running service (runtime and
// HTTP face) links the fake drive through its OAuth round trip, then a settings change points the drive's
// token endpoint and API at a listener on another port, giving a client secret of its own (which the
// client-secret rule lets through). The drive source refreshes, is refused with "link the drive again", and
// the listener never sees the refresh token; unlinking does not revoke there either.
import { afterEach, describe, expect, it } from 'vitest';
import { type Runtime, sourcesPart, startRuntime } from '../../src/app/runtime.js';
import { loadConfig } from '../../src/infra/config/load-config.js';
import { ensureApiToken } from '../../src/infra/security/api-token.js';
import { buildHttpServer } from '../../src/surfaces/http/build-server.js';
import { type FakeDrive, startFakeDrive } from '../fakes/drive/index.js';
import { type CaptureListener, startCaptureListener } from '../support/capture-listener.js';
import { until } from '../support/serve-process.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let drive: FakeDrive | undefined;
let other: CaptureListener | undefined;
let home: TempHome | undefined;
let runtime: Runtime | undefined;
let server: Awaited<ReturnType<typeof buildHttpServer>> | undefined;
afterEach(async () => {
  await server?.close();
  await runtime?.stop('test over');
  await drive?.close();
  await other?.close();
  home?.cleanup();
  drive = other = home = runtime = server = undefined;
});

describe('a linked drive token', () => {
  it('is never sent to a token endpoint or API the settings moved after the link', {
    timeout: 40_000,
  }, async () => {
    drive = await startFakeDrive();
    other = await startCaptureListener();
    home = createTempHome();
    const connector = Object.entries(drive.connectorConfig()).map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
    home.writeConfig(['[logging]', 'level = "silent"', '[connectors.cloud_drive]', ...connector].join('\n'));
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
    const token = ensureApiToken(runtime.app.deps.paths.apiTokenPath);
    const http = await buildHttpServer(runtime.app.deps, { apiToken: token });
    server = http;
    type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered.
    const api = async (method: Method, url: string, body?: unknown): Promise<any> => {
      const response = await http.inject({
        method,
        url,
        headers: { host: '127.0.0.1:3001', authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: response.statusCode, ...(response.json() as object) };
    };

    drive.state.addFile('idea.md', '# Idea\nA note in the drive.');
    const link = await api('POST', '/api/connectors/cloud-drive/link', {});
    const consent = await fetch(link.authorization_url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    await http.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { host: '127.0.0.1:3001', accept: 'text/html' },
    });
    const source = async () =>
      (
        (await api('GET', '/api/sources')).sources as Array<{
          id: number;
          status: string;
          error_message: string;
        }>
      )[0];
    await until('the drive source', async () => ((await source())?.status === 'active' ? true : undefined));
    const [refreshToken] = [...drive.auth.refreshTokens.keys()];
    if (!refreshToken) throw new Error('the fake drive issued no refresh token');

    const moved = await api('PATCH', '/api/settings', {
      set: {
        'connectors.cloud_drive.token_url': `${other.url}/token`,
        'connectors.cloud_drive.revoke_url': `${other.url}/revoke`,
        'connectors.cloud_drive.api_base_url': other.url,
        'connectors.cloud_drive.client_secret': 'a-secret-of-the-changer',
      },
    });
    expect(moved.status).toBe(200);
    // Its access token is spent: the next pass must refresh.
    drive.auth.expireAccessTokens();
    const id = (await source())?.id;
    await api('POST', `/api/sources/${id}/reindex`, {});
    await until('the refusal on the source', async () =>
      /link the drive again/.test((await source())?.error_message ?? '') ? true : undefined,
    );
    expect((await source())?.error_message).toMatch(
      /cloud drive connection 1 was linked for http:\/\/127\.0\.0\.1:\d+ \((token|api|revoke)\)/,
    );
    expect(other.saw(refreshToken)).toBe(false);

    // Unlinking revokes at the provider it was linked at, or nowhere: never at the moved revoke endpoint.
    expect((await api('DELETE', '/api/connectors/cloud-drive/1')).status).toBe(200);
    expect(other.saw(refreshToken)).toBe(false);
  });
});
