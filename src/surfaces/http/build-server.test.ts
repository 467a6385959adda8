import { afterEach, describe, expect, it } from 'vitest';
import { createTempHome, type TempHome } from '../../../test/support/temp-home.js';
import { type App, createApp } from '../../app/wiring/create-app.js';
import { ConfigSchema } from '../../contracts/config/config.js';
import { createLogger } from '../../infra/logging/create-logger.js';
import { buildHttpServer } from './build-server.js';

let app: App | undefined;
let home: TempHome | undefined;
afterEach(async () => {
  await app?.close();
  home?.cleanup();
});

describe('HTTP server', () => {
  it('answers health with the database state and serves the placeholder page', async () => {
    home = createTempHome();
    const config = ConfigSchema.parse({ storage: { db_path: ':memory:' } });
    app = await createApp({ config, dataDir: home.dir, logger: createLogger({ level: 'silent' }) });
    const server = await buildHttpServer(app.deps, { apiToken: 'a'.repeat(64) });
    const health = await server.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'ok' });

    await app.close();
    const down = await server.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'degraded', database: 'unreachable' });

    const page = await server.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-type']).toContain('text/html');
  });
});
