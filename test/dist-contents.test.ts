// No test code in the product: no source map of dist/ names a file of test/, e2e/ or bench/, and the built
// `app simulate` (the sandbox platform and stand-in LLM of src/infra/sandbox) prints what the source prints.
// dist/ is what the global setup built; under SKIP_DIST_BUILD=1 this test builds it when missing or stale.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApp, spawnApp } from './support/run-app.js';
import { createTempHome, type TempHome } from './support/temp-home.js';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const TEST_CODE = /^(test|e2e|bench)\//;

/** Newest modification time of the bundled files under `dir`. Files only, tests left out: a folder's time
 *  moves when a test writes a probe into it and removes it (test/layers.test.ts), which must not rebuild
 *  dist/ under the other tests. */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (/\.test\.tsx?$/.test(entry)) continue;
    const stat = statSync(join(dir, entry));
    if (stat.isFile()) latest = Math.max(latest, stat.mtimeMs);
  }
  return latest;
}

/** Builds dist/ unless it is newer than every source it is made of. */
function ensureDist(): void {
  const main = join(DIST, 'main.js');
  const sources = Math.max(
    newest(join(ROOT, 'src')),
    newest(join(ROOT, 'web')),
    statSync(join(ROOT, 'scripts', 'build.mjs')).mtimeMs,
    statSync(join(ROOT, 'package-lock.json')).mtimeMs,
  );
  if (existsSync(main) && statSync(main).mtimeMs >= sources) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
}

/** Every source a map under dist/ names, relative to the repository root. */
function mappedSources(): Map<string, string[]> {
  const byMap = new Map<string, string[]>();
  for (const entry of readdirSync(DIST, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.map')) continue;
    const map = JSON.parse(readFileSync(join(DIST, entry), 'utf8')) as { sources: string[] };
    const base = dirname(join(DIST, entry));
    byMap.set(
      entry,
      map.sources.map((source) => relative(ROOT, resolve(base, source))),
    );
  }
  return byMap;
}

beforeAll(() => ensureDist(), 180_000);

describe('dist/ holds no test code', () => {
  it('every server chunk has its map, and no map names a file of test/, e2e/ or bench/', () => {
    const chunks = readdirSync(DIST).filter((name) => name.endsWith('.js'));
    expect(chunks).toContain('main.js');
    for (const chunk of chunks) expect(existsSync(join(DIST, `${chunk}.map`)), chunk).toBe(true);
    const byMap = mappedSources();
    const all = [...byMap.values()].flat();
    // The check reads what it must: the entry point and the sandbox `app simulate` runs against.
    expect(all).toContain('src/main.ts');
    expect(all).toContain('src/infra/sandbox/social/server.ts');
    expect(all).toContain('src/infra/sandbox/stand-in-llm.ts');
    const fromTests = [...byMap].flatMap(([map, sources]) =>
      sources.filter((source) => TEST_CODE.test(source)).map((source) => `${map}: ${source}`),
    );
    expect(fromTests).toEqual([]);
  });
});

describe('the built app simulate', () => {
  let home: TempHome;
  beforeAll(() => {
    home = createTempHome();
    // Platform and LLM addresses nothing listens on: the simulation must not need them.
    home.writeConfig(
      [
        'approval_mode = false',
        '[business]',
        'product_name = "Queuebird"',
        'product_keywords = ["sqlite", "job queue"]',
        '[targets]',
        'accounts = ["big_vendor"]',
        '[llm]',
        'provider = "openai"',
        'api_key = "sk-real-key"',
        'base_url = "http://127.0.0.1:9/v1"',
        '[social_api]',
        'api_base_url = "http://127.0.0.1:9"',
      ].join('\n'),
    );
  });
  afterAll(() => home.cleanup());

  it('runs against the sandbox and prints, byte for byte, what the source prints', async () => {
    const args = ['simulate', '--days', '1', '--seed', '5', '--faults'];
    const built = spawnApp(args, home.env);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/^Simulated 1 day\(s\) of autopilot from 2026-01-05/);
    const source = await runApp(args, { env: home.env });
    expect(source.stderr).toBe('');
    expect(source.code).toBe(0);
    expect(built.stdout).toBe(source.stdout);
  }, 60_000);
});
