import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../contracts/config/config.js';
import { createLogger } from '../../infra/logging/create-logger.js';
import { createApp } from './create-app.js';

function captureLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger({ level: 'info', destination }), lines };
}

describe('createApp', () => {
  it('starting the sources logs one warning for each source the deployment mode does not allow', async () => {
    const { logger, lines } = captureLogger();
    const config = ConfigSchema.parse({
      deployment_mode: 'cloud',
      storage: { db_path: ':memory:' },
      content_sources: { sources: [{ path: '/notes' }, { source_type: 'cloud_drive', connection_id: 1 }] },
    });
    const app = await createApp({ config, dataDir: '/unused', logger });
    await app.deps.sources.start(app.deps.config);
    // Started again with the same config (a reload that changed nothing else): no second warning.
    await app.deps.sources.apply(app.deps.config);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([
      expect.objectContaining({
        level: 40,
        source: 'local_fs:/notes',
        msg: 'content source skipped: local_fs sources are not available in cloud deployment',
      }),
    ]);
    await app.deps.sources.stop();
    await app.close();
  });

  it('redacts secrets that reach the logger', async () => {
    const { logger, lines } = captureLogger();
    logger.info({ llm: { api_key: 'sk-should-not-appear' } }, 'config');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(lines)).not.toContain('sk-should-not-appear');
  });
});
