// docs/deployment.md stays true to the code: it covers what a deployment needs (one machine; API nodes and
// workers on Postgres: settings, adding and draining a worker, backups with pg_dump, the hosted setup), its
// config example is a valid config, and every command, option, setting and variable it names exists.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../src/contracts/config/config.js';
import { configLeaves } from '../../src/core/domain/schema-walk.js';
import { findUnknownKeys } from '../../src/infra/config/find-unknown-keys.js';
import { packagePath } from '../../src/infra/package-root.js';
import { buildProgram } from '../../src/surfaces/cli/program.js';

const doc = readFileSync(packagePath('docs', 'deployment.md'), 'utf8');
const program = buildProgram(
  { stdout: { write() {} }, stderr: { write() {} }, env: {}, interactive: false },
  '0.0.0',
);
const leaves = configLeaves();

/** The text of each `code span`. */
const spans = [...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);

describe('docs/deployment.md', () => {
  it('covers one machine, API nodes and workers on Postgres, adding and draining a worker, backups, the hosted setup', () => {
    for (const heading of [
      '## One machine (the default)',
      '## Several processes on Postgres',
      '## Postgres schema',
      '## Moving an existing database to Postgres',
      '## Job engine: why graphile-worker',
    ])
      expect(doc).toContain(heading);
    for (const topic of ['**Proxy.**', '**Adding a worker.**', '**Draining a worker.**', '**Backups.**'])
      expect(doc).toContain(topic);
    expect(doc).toContain('pg_dump');
    expect(doc).toContain('deployment_mode = "cloud"');
  });

  it('shows a config that the service accepts: cloud mode on a Postgres URL', () => {
    const block = doc.match(/```toml\n([\s\S]*?)```/)?.[1];
    expect(block).toBeDefined();
    const raw = parse(block as string);
    // The schema ignores a key it does not know; the service warns of it (a misspelt key would be lost).
    expect(findUnknownKeys(raw)).toEqual([]);
    const config = ConfigSchema.parse(raw);
    expect(config.deployment_mode).toBe('cloud');
    expect(config.storage.url).toMatch(/^postgres:\/\//);
  });

  it('names only commands and options that exist', () => {
    const named = spans.filter((span) => span.startsWith('app '));
    expect(named).toContain('app worker [--concurrency N]');
    expect(named).toContain('app serve --no-workers');
    for (const span of named) {
      // The command words: up to the first option, placeholder or argument (`--to …`, `[--concurrency N]`).
      const words = span.split(/\s+/).slice(1);
      const end = words.findIndex((word) => !/^[a-z]+$/.test(word));
      const path = end === -1 ? words : words.slice(0, end);
      let command = program;
      for (const word of path) {
        const sub = command.commands.find((c) => c.name() === word);
        expect(sub, `${span}: no command ${word}`).toBeDefined();
        command = sub as typeof program;
      }
      for (const flag of span.match(/--[a-z-]+/g) ?? [])
        expect(
          command.options.map((o) => o.long),
          span,
        ).toContain(flag);
    }
  });

  it('names only settings and environment variables that exist', () => {
    const keys = new Set(leaves.map((leaf) => leaf.key));
    const envs = new Set(leaves.map((leaf) => leaf.env));
    const settings = spans.flatMap((span) =>
      [...span.matchAll(/\[([a-z_]+)\] ([a-z_]+)/g)].map((m) => `${m[1]}.${m[2]}`),
    );
    expect(settings).toContain('storage.url');
    for (const key of settings) expect(keys, key).toContain(key);
    const variables = [...doc.matchAll(/\bAPP_[A-Z_]+\b/g)].map((m) => m[0]);
    expect(variables).toContain('APP_STORAGE__URL');
    // APP_HOME (the data directory) and the tests' APP_TEST_PG_URL are not config keys.
    for (const name of variables.filter((v) => v !== 'APP_HOME' && v !== 'APP_TEST_PG_URL'))
      expect(envs, name).toContain(name);
  });
});
