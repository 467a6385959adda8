import { describe, expect, it } from 'vitest';
import { type ConfigInput, ConfigSchema } from '../../../contracts/config/config.js';
import type { StoredTokens } from '../../../contracts/platform-tokens.js';
import { REQUESTED_SCOPES } from '../../domain/scopes.js';
import { type DiagnosticsDeps, runDiagnostics } from './run-diagnostics.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const READY: ConfigInput = {
  business: { product_name: 'Acme', product_keywords: ['cli'] },
  llm: { provider: 'openai', api_key: 'sk-test-key-123456' },
  social_api: { client_id: 'client' },
};

function deps(
  overrides: Partial<DiagnosticsDeps> & { input?: ConfigInput; tokens?: StoredTokens | null },
): DiagnosticsDeps {
  const tokens = overrides.tokens;
  return {
    config: ConfigSchema.parse(overrides.input ?? READY),
    configErrors: [],
    configWarnings: [],
    now: NOW,
    checkDatabase: async () => ({ ok: true, message: 'reachable' }),
    readTokens: () => (tokens ? { state: 'ok', tokens } : { state: 'missing' }),
    ...overrides,
  };
}

const token = (
  scopes: readonly string[],
  expiresAt = '2026-11-22T13:00:00Z',
  refresh = true,
): StoredTokens => ({
  access_token: 'at',
  refresh_token: refresh ? 'rt' : undefined,
  token_type: 'bearer',
  expires_at: expiresAt,
  scopes: [...scopes],
});

const statusOf = (report: Awaited<ReturnType<typeof runDiagnostics>>) =>
  Object.fromEntries(report.checks.map((c) => [c.id, c.status]));

describe('runDiagnostics', () => {
  it('passes with valid tokens and every scope, suggesting the first enrichment stage', async () => {
    const report = await runDiagnostics(deps({ tokens: token(REQUESTED_SCOPES) }));
    expect(report.passed).toBe(true);
    expect(statusOf(report)).toEqual({
      config: 'pass',
      quickstart: 'pass',
      database: 'pass',
      llm: 'pass',
      platform_tokens: 'pass',
      scopes: 'pass',
      platform: 'skip',
      content_sources: 'skip',
      enrichment: 'warn',
    });
    expect(report.enrichment.next).toBe('voice');
    expect(report.auth).toMatchObject({
      token_valid: true,
      expires_in_seconds: 3600,
      dm_scopes_granted: true,
    });
  });

  it('reports missing DM scopes and the degraded tool group', async () => {
    const scopes = REQUESTED_SCOPES.filter((s) => !s.startsWith('dm.'));
    const report = await runDiagnostics(deps({ tokens: token(scopes) }));
    expect(report.passed).toBe(true);
    expect(report.auth).toMatchObject({
      dm_scopes_granted: false,
      missing_scopes: ['dm.read', 'dm.write'],
      degraded_features: ['direct_messages'],
      fix_action: 'run `app auth`',
    });
    expect(report.checks.find((c) => c.id === 'scopes')?.message).toContain('DM scopes not granted');
  });

  it('fails without tokens, and on an expired token with no refresh token', async () => {
    expect((await runDiagnostics(deps({ tokens: null }))).passed).toBe(false);
    const expired = await runDiagnostics(
      deps({ tokens: token(REQUESTED_SCOPES, '2026-11-22T11:00:00Z', false) }),
    );
    expect(statusOf(expired).platform_tokens).toBe('fail');
    const refreshable = await runDiagnostics(
      deps({ tokens: token(REQUESTED_SCOPES, '2026-11-22T11:00:00Z') }),
    );
    expect(statusOf(refreshable).platform_tokens).toBe('warn');
    expect(refreshable.passed).toBe(true);
  });

  it('reaches the LLM and the platform through the probes it is given, and fails with their reason', async () => {
    const reached = { ok: true, message: 'answered' };
    const online = await runDiagnostics(
      deps({
        tokens: token(REQUESTED_SCOPES),
        probeLlm: async () => reached,
        probePlatform: async () => reached,
      }),
    );
    expect(statusOf(online)).toMatchObject({ llm: 'pass', platform: 'pass' });
    expect(online.passed).toBe(true);
    const refused = { ok: false, message: 'the openai provider rejected the API key (HTTP 401)' };
    const broken = await runDiagnostics(
      deps({
        tokens: token(REQUESTED_SCOPES),
        probeLlm: async () => refused,
        probePlatform: async () => refused,
      }),
    );
    expect(broken.checks.find((c) => c.id === 'llm')).toMatchObject({
      status: 'fail',
      message: refused.message,
    });
    expect(statusOf(broken).platform).toBe('fail');
    expect(broken.passed).toBe(false);
  });

  it('probes nothing that cannot work: an unconfigured LLM, a missing login', async () => {
    let probes = 0;
    const probe = async () => {
      probes++;
      return { ok: true, message: 'answered' };
    };
    const report = await runDiagnostics(
      deps({ input: { llm: { provider: 'openai' } }, tokens: null, probeLlm: probe, probePlatform: probe }),
    );
    expect(statusOf(report)).toMatchObject({ llm: 'fail', platform_tokens: 'fail', platform: 'skip' });
    expect(probes).toBe(0);
  });

  it('config warnings make the config check a warning that lists them', async () => {
    const report = await runDiagnostics(deps({ configWarnings: ['warning: a', 'warning: b'] }));
    expect(report.checks[0]).toMatchObject({
      status: 'warn',
      message: 'valid, 2 warning(s): warning: a; warning: b',
    });
  });

  it('skips token checks for the scraper backend', async () => {
    const input = { ...READY, social_api: { provider_backend: 'scraper' as const } };
    const report = await runDiagnostics(deps({ input }));
    expect(statusOf(report).platform_tokens).toBe('skip');
    expect(report.passed).toBe(true);
  });

  it('stops at an invalid config, and reports an unreachable database and missing fields', async () => {
    const broken = await runDiagnostics(deps({ config: undefined, configErrors: ['error: x'] }));
    expect(broken.checks.map((c) => c.id)).toEqual(['config']);
    const report = await runDiagnostics(
      deps({
        input: { llm: { provider: 'anthropic' } },
        checkDatabase: async () => ({ ok: false, message: 'cannot open database' }),
      }),
    );
    expect(statusOf(report)).toMatchObject({ quickstart: 'fail', database: 'fail', llm: 'fail' });
  });
});
