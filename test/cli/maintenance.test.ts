// app update, app backup and app test through the CLI.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/infra/sqlite/open-database.js';
import { runApp, spawnApp } from '../support/run-app.js';
import { ScriptedPrompter } from '../support/scripted-prompter.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const OLD = `# written long ago, please keep my notes
[business]
product_name = "Acme" # brand
product_keywords = ["cli"]

[llm]
provider = "ollama"
`;

describe('app update', () => {
  it('--check lists missing sections and writes nothing', async () => {
    home.writeConfig(OLD);
    const result = await runApp(['update', '--check'], { env: home.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Cloud drive connector (connectors.cloud_drive.client_id');
    expect(result.stdout).toContain('Content sources (content_sources.sources)');
    expect(readFileSync(home.configPath, 'utf8')).toBe(OLD);
  });

  it('--yes appends commented scaffolds and keeps the original bytes as a prefix', async () => {
    home.writeConfig(OLD);
    const result = await runApp(['update', '--yes'], { env: home.env });
    expect(result.code).toBe(0);
    const text = readFileSync(home.configPath, 'utf8');
    const [top, rest] = [text.slice(0, text.indexOf('[business]')), text.slice(text.indexOf('[business]'))];
    expect(top.startsWith('# written long ago, please keep my notes\n')).toBe(true);
    expect(rest.startsWith(OLD.slice(OLD.indexOf('[business]')))).toBe(true);
    expect(text).toContain('# [connectors.cloud_drive]');
    expect(statSync(home.configPath).mode & 0o777).toBe(0o600);
    const again = await runApp(['update', '--check'], { env: home.env });
    expect(again.stdout).toContain('nothing to add');
  });

  it('asks group by group on a terminal and adds only the accepted ones', async () => {
    home.writeConfig(OLD);
    const answers = [true, false, false, false, false, false, false, true];
    const prompter = new ScriptedPrompter(
      answers.map((answer) => ({ ask: /Add a commented scaffold/, answer })),
    );
    const result = await runApp(['update'], { env: home.env, prompter });
    expect(result.code).toBe(0);
    const text = readFileSync(home.configPath, 'utf8');
    expect(text).toContain('app update: deployment_mode');
    expect(text).toContain('app update: content_sources');
    expect(text).not.toContain('app update: cloud_drive_connector');
  });

  it('without a terminal or --yes it only explains', () => {
    home.writeConfig(OLD);
    const result = spawnApp(['update'], home.env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('app update --yes');
    expect(readFileSync(home.configPath, 'utf8')).toBe(OLD);
  });
});

describe('app backup', () => {
  it('writes a verified backup, lists it, and prunes to N', async () => {
    const database = openDatabase({ path: `${home.dir}/app.db` });
    database.sqlite
      .prepare("insert into action_log (action_type, status, message) values ('test', 'success', 'kept')")
      .run();
    await database.close();

    const first = await runApp(['backup', '--format', 'json'], { env: home.env });
    expect(first.code).toBe(0);
    const info = JSON.parse(first.stdout);
    expect(info.path.startsWith(`${home.dir}/backups/app_`)).toBe(true);
    const copy = openDatabase({ path: info.path, readonly: true });
    expect(copy.sqlite.prepare("select count(*) as n from action_log where message = 'kept'").get()).toEqual({
      n: 1,
    });
    await copy.close();

    await runApp(['backup'], { env: home.env });
    const listed = await runApp(['backup', '--list', '--format', 'json'], { env: home.env });
    expect(JSON.parse(listed.stdout)).toHaveLength(2);
    const pruned = await runApp(['backup', '--prune', '1'], { env: home.env });
    expect(pruned.stdout).toContain('kept 1, removed 1');
    expect(
      JSON.parse((await runApp(['backup', '--list', '--format', 'json'], { env: home.env })).stdout),
    ).toHaveLength(1);
  });

  it('--output-dir writes elsewhere; bad --prune is exit 2; no database is exit 1', async () => {
    expect((await runApp(['backup'], { env: home.env })).code).toBe(1);
    await openDatabase({ path: `${home.dir}/app.db` }).close();
    const other = `${home.dir}/elsewhere`;
    const result = await runApp(['backup', '--output-dir', other, '--format', 'json'], { env: home.env });
    expect(existsSync(JSON.parse(result.stdout).path)).toBe(true);
    expect(JSON.parse(result.stdout).path.startsWith(other)).toBe(true);
    expect((await runApp(['backup', '--prune', 'all'], { env: home.env })).code).toBe(2);
  });
});

describe('app test', () => {
  it('reports every check as JSON and exits 1 while something fails', async () => {
    home.writeConfig(OLD);
    const result = await runApp(['test', '--offline', '--format', 'json'], { env: home.env });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.checks.map((c: { id: string }) => c.id)).toEqual([
      'config',
      'quickstart',
      'database',
      'llm',
      'platform_tokens',
      'platform',
      'content_sources',
      'enrichment',
    ]);
    expect(report.checks.find((c: { id: string }) => c.id === 'quickstart').message).toBe(
      'missing social_api.client_id',
    );
    expect(report.enrichment.next).toBe('voice');
  });

  it('passes with tokens holding every scope, and reports missing DM scopes when they are not', async () => {
    home.writeConfig(`${OLD}\n[social_api]\nclient_id = "c"\n`);
    // wall clock: the CLI under test reads the real clock: a login valid for the next hour
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    const { REQUESTED_SCOPES } = await import('../../src/core/domain/scopes.js');
    const all = REQUESTED_SCOPES.filter((scope) => !scope.startsWith('dm.'));
    const write = (scopes: string[]) =>
      writeFileSync(
        `${home.dir}/tokens.json`,
        JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: expires, scopes }),
        { mode: 0o600 },
      );
    write(all);
    const partial = await runApp(['test', '--offline'], { env: home.env });
    expect(partial.code).toBe(0);
    expect(partial.stdout).toContain(
      '[warn] Scopes: missing dm.read, dm.write; degraded: Direct messages. DM scopes not granted',
    );
    write([...all, 'dm.read', 'dm.write']);
    const full = await runApp(['test', '--offline'], { env: home.env });
    expect(full.stdout).toContain(
      `[ok  ] Scopes: all ${REQUESTED_SCOPES.length} granted, DM scopes included`,
    );
  });

  it('an invalid config is one failing check, not a crash', async () => {
    home.writeConfig('[limits]\nmax_replies_per_day = "x"\n');
    const result = await runApp(['test'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('[FAIL] Configuration: 1 error(s): error: limits.max_replies_per_day');
  });
});
