// Content sources from the CLI: `app settings --set` refuses a folder in a system location and file
// patterns that are not note files (exit 2, the file untouched); a hand-edited file with such a source
// still loads, and `app test` says that source is disabled and why.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/wiring/create-app.js';
import { loadConfig } from '../../src/infra/config/load-config.js';
import { createLogger } from '../../src/infra/logging/create-logger.js';
import { runApp } from '../support/run-app.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const CONFIG = '# mine\nmode = "composer"\n';

describe('content sources from the CLI', () => {
  it('app settings --set refuses /etc and a pattern without an extension, leaving the file alone', async () => {
    home.writeConfig(CONFIG);
    const result = await runApp(
      ['settings', '--set', 'content_sources.sources=[{"path":"/etc","file_patterns":["passwd"]}]'],
      { env: home.env },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('content_sources.sources[0].path: /etc is a system location');
    expect(result.stderr).toContain(
      "content_sources.sources[0].file_patterns: 'passwd' has no file extension",
    );
    expect(readFileSync(home.configPath, 'utf8')).toBe(CONFIG);
  });

  it('a hand-edited source at /etc still loads; app test shows it disabled with the reason', async () => {
    home.writeConfig(`${CONFIG}\n[[content_sources.sources]]\npath = "/etc"\nfile_patterns = ["passwd"]\n`);
    const result = await runApp(['test', '--offline'], { env: home.env });
    const config = result.stdout.split('\n').find((l) => l.includes('] Configuration:')) ?? '';
    expect(config).toMatch(/^\[warn\] Configuration: valid/);
    expect(config).toContain('content_sources.sources[0].path: /etc is a system location');
    expect(config).toContain('this source is disabled');

    // Once the service has run its sources, the sources line says the same.
    const loaded = loadConfig({ env: home.env });
    if (!loaded.config) throw new Error('the config did not load');
    const app = await createApp({
      config: loaded.config,
      dataDir: home.dir,
      logger: createLogger({ level: 'silent' }),
      env: home.env,
    });
    await app.deps.sources.start(app.deps.config);
    await app.deps.sources.stop();
    await app.close();
    const after = await runApp(['test', '--offline'], { env: home.env });
    const sources = after.stdout.split('\n').find((l) => l.includes('] Content sources:')) ?? '';
    expect(sources).toContain('/etc (disabled: path: /etc is a system location');
    expect(sources).toContain("file_patterns: 'passwd' has no file extension");
  });
});
