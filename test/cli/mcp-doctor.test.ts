// `app mcp doctor` as a user runs it: it starts the built tool server the way a registered client will, lists
// its tools, calls health_check and get_capabilities, and reports on one screen — all good with a login and an
// LLM; each missing piece named with what to do (exit 1) without them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { runApp } from '../support/run-app.js';
import { prepareFakeHome } from '../support/serve-process.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
let fake: FakeSocial;
let llm: FakeLlm;
beforeEach(async () => {
  home = createTempHome();
  fake = await startFakeSocial();
  llm = await startFakeLlm();
});
afterEach(async () => {
  await fake.close();
  await llm.close();
  home.cleanup();
});

const env = () => ({ ...home.env, PATH: process.env.PATH ?? '' });

describe('app mcp doctor', () => {
  it('a login and an LLM: the server answers with its tools and every check is ok', async () => {
    prepareFakeHome(home, fake);
    const { appendFileSync } = await import('node:fs');
    appendFileSync(
      home.configPath,
      `\n[llm]\nprovider = "openai"\napi_key = "sk-test"\nbase_url = "${llm.openaiBaseUrl}"\n`,
    );
    const result = await runApp(['mcp', 'doctor'], { env: env() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ok {3}server: answered in \d+ ms, 112 tools \(profile write\)$/m);
    expect(result.stdout).toMatch(/^ok {3}platform login: platform login valid$/m);
    expect(result.stdout).toMatch(/^ok {3}llm: /m);
    expect(result.stdout).toMatch(/^ok {3}scopes: every scope the tools use is granted$/m);
    expect(result.stdout).toContain('all good');
  }, 30_000);

  it('no login and no LLM: each is named with what to do, exit 1', async () => {
    home.writeConfig('[business]\nproduct_name = "Acme"\n');
    const result = await runApp(['mcp', 'doctor', '--profile', 'readonly'], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^ok {3}server: answered in \d+ ms, 14 tools \(profile readonly\)$/m);
    expect(result.stdout).toMatch(/^FAIL platform login: no platform login: run `app auth`$/m);
    expect(result.stdout).toMatch(/^FAIL llm: /m);
    expect(result.stdout).toMatch(
      /^-- {3}scopes: not checked \(get_capabilities is not in the readonly profile\)$/m,
    );
    expect(result.stderr).toMatch(/2 problem\(s\): llm: .*; platform login: no platform login/);
  }, 30_000);
});
