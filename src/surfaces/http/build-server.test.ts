import { afterEach, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../app/create-app.js';
import { ConfigSchema } from '../../contracts/config/config.js';
import { createLogger } from '../../infra/logging/create-logger.js';
import { buildHttpServer } from './build-server.js';

let app: App | undefined;
afterEach(async () => app?.close());

describe('HTTP server', () => {
  it('answers health with the database state and serves the placeholder page', async () => {
    const config = ConfigSchema.parse({ storage: { db_path: ':memory:' } });
    app = createApp({ config, dataDir: '/nonexistent', logger: createLogger({ level: 'silent' }) });
    const server = buildHttpServer(app.deps);
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
