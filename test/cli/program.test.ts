// The command tree as a whole: help, usage errors, -c, and the commands later issues fill.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApp, spawnApp } from '../support/run-app.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

describe('app', () => {
  it('--help lists every command of the spec', () => {
    const result = spawnApp(['--help'], home.env);
    expect(result.code).toBe(0);
    for (const command of ['init', 'settings', 'test', 'backup', 'update', 'serve', 'mcp']) {
      expect(result.stdout).toMatch(new RegExp(`\\n  ${command}\\b`));
    }
    const mcp = spawnApp(['mcp', '--help'], home.env);
    for (const sub of ['serve', 'manifest', 'setup'])
      expect(mcp.stdout).toMatch(new RegExp(`\\n  ${sub}\\b`));
  });

  it('usage errors exit 2', async () => {
    expect((await runApp(['settings', '--bogus'], { env: home.env })).code).toBe(2);
    expect((await runApp(['nonsense'], { env: home.env })).code).toBe(2);
    expect((await runApp(['mcp', 'serve', '--profile', 'root'], { env: home.env })).code).toBe(2);
  });

  it('-c <path> reads that file, and its directory is the data dir', async () => {
    const custom = `${home.dir}/elsewhere/custom.toml`;
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(`${home.dir}/elsewhere`);
    writeFileSync(custom, '[business]\nproduct_name = "FromCustom"\n');
    const env = { HOME: home.dir };
    const result = await runApp(['-c', custom, 'settings', '--show', '--format', 'json'], { env });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.business.product_name).toBe('FromCustom');
    expect(json.paths.dataDir).toBe(`${home.dir}/elsewhere`);
    const missing = await runApp(['-c', `${home.dir}/none.toml`, 'settings', '--show'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`error: config file not found (${home.dir}/none.toml)`);
  });

  it('-O overrides a value for one run without touching the file', async () => {
    home.writeConfig('[limits]\nmax_replies_per_day = 5\n');
    const result = await runApp(
      ['-O', 'limits.max_replies_per_day=1', 'settings', '--show', '--format', 'json'],
      {
        env: home.env,
      },
    );
    expect(JSON.parse(result.stdout).limits.max_replies_per_day).toBe(1);
  });
});
