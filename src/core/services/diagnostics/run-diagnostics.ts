// `app test`: one report of everything that decides whether the service can work, in the order a user
// would fix it: config, quickstart fields, database, LLM (reached), platform tokens and scopes, the platform
// (reached), then enrichment. The probes come in as functions: this service does no I/O of its own.
import type { Config } from '../../../contracts/config/config.js';
import type { StoredTokens } from '../../../contracts/platform-tokens.js';
import {
  type EnrichmentStageId,
  enrichmentStatus,
  missingQuickstartFields,
} from '../../domain/config-rules.js';
import { scopeStatus } from '../../domain/scopes.js';
import type { SourceSummary } from '../sources/source-status.js';

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

export interface DiagnosticCheck {
  id: string;
  label: string;
  status: CheckStatus;
  message: string;
}

export interface AuthDetails {
  token_valid: boolean;
  expires_at: string | null;
  expires_in_seconds: number | null;
  has_refresh_token: boolean;
  granted_scopes: string[];
  missing_scopes: string[];
  dm_scopes_granted: boolean;
  degraded_features: string[];
  fix_action: string | null;
}

export interface DiagnosticsReport {
  passed: boolean;
  checks: DiagnosticCheck[];
  auth: AuthDetails | null;
  enrichment: {
    stages: Array<{ id: string; title: string; complete: boolean; missing: string[] }>;
    next: EnrichmentStageId | null;
  };
}

/** What a probe of an outside service found; `message` says what answered, or why it did not. */
export interface ProbeResult {
  ok: boolean;
  message: string;
}

export interface DiagnosticsDeps {
  /** The loaded config, or the problems that kept it from loading. */
  config: Config | undefined;
  configErrors: string[];
  /** Each warning as one line, shown in the report (a misspelt policy tool name is only ever a warning). */
  configWarnings: string[];
  checkDatabase(): Promise<ProbeResult>;
  /** Sends the LLM the smallest request it answers. Absent offline (`app test --offline`): not contacted. */
  probeLlm?(): Promise<ProbeResult>;
  /** Calls GET /2/users/me with the stored login. Absent offline: not contacted. */
  probePlatform?(): Promise<ProbeResult>;
  /** The note sources as the service last recorded them (absent: no database to read). */
  readSources?(): Promise<SourceSummary[]>;
  readTokens():
    | { state: 'missing' }
    | { state: 'invalid'; message: string }
    | { state: 'ok'; tokens: StoredTokens };
  now: Date;
}

function tokenChecks(
  config: Config,
  deps: DiagnosticsDeps,
): { checks: DiagnosticCheck[]; auth: AuthDetails | null } {
  if (config.social_api.provider_backend === 'scraper') {
    const skip = 'skipped (scraper backend needs no platform tokens)';
    return {
      checks: [{ id: 'platform_tokens', label: 'Platform tokens', status: 'skip', message: skip }],
      auth: null,
    };
  }
  const file = deps.readTokens();
  if (file.state !== 'ok') {
    const message = file.state === 'missing' ? 'no tokens yet; run `app auth`' : file.message;
    return {
      checks: [{ id: 'platform_tokens', label: 'Platform tokens', status: 'fail', message }],
      auth: null,
    };
  }
  const { tokens } = file;
  const expiresIn = Math.round((Date.parse(tokens.expires_at) - deps.now.getTime()) / 1000);
  const valid = expiresIn > 0;
  const canRefresh = Boolean(tokens.refresh_token);
  const scopes = scopeStatus(tokens.scopes);
  const dmGranted = !scopes.missing.includes('dm.read') && !scopes.missing.includes('dm.write');
  const tokenCheck: DiagnosticCheck = valid
    ? {
        id: 'platform_tokens',
        label: 'Platform tokens',
        status: 'pass',
        message: `valid, expires in ${Math.floor(expiresIn / 60)} min`,
      }
    : canRefresh
      ? {
          id: 'platform_tokens',
          label: 'Platform tokens',
          status: 'warn',
          message: 'access token expired; it will be refreshed',
        }
      : {
          id: 'platform_tokens',
          label: 'Platform tokens',
          status: 'fail',
          message: 'expired and no refresh token; run `app auth`',
        };
  const scopeCheck: DiagnosticCheck =
    scopes.missing.length === 0
      ? {
          id: 'scopes',
          label: 'Scopes',
          status: 'pass',
          message: `all ${scopes.granted.length} granted, DM scopes included`,
        }
      : {
          id: 'scopes',
          label: 'Scopes',
          status: 'warn',
          message: `missing ${scopes.missing.join(', ')}; degraded: ${scopes.degraded.map((d) => d.title).join(', ')}. DM scopes ${dmGranted ? 'granted' : 'not granted'}. Re-run \`app auth\``,
        };
  return {
    checks: [tokenCheck, scopeCheck],
    auth: {
      token_valid: valid,
      expires_at: tokens.expires_at,
      expires_in_seconds: expiresIn,
      has_refresh_token: canRefresh,
      granted_scopes: scopes.granted,
      missing_scopes: scopes.missing,
      dm_scopes_granted: dmGranted,
      degraded_features: scopes.degraded.map((d) => d.id),
      fix_action: scopes.missing.length > 0 || (!valid && !canRefresh) ? 'run `app auth`' : null,
    },
  };
}

async function llmCheck(config: Config, deps: DiagnosticsDeps): Promise<DiagnosticCheck> {
  const check = (status: CheckStatus, message: string): DiagnosticCheck => ({
    id: 'llm',
    label: 'LLM',
    status,
    message,
  });
  const { provider, api_key: apiKey } = config.llm;
  if (!provider) return check('fail', 'no provider set (llm.provider)');
  if (provider !== 'ollama' && !apiKey) return check('fail', `${provider} needs llm.api_key`);
  if (!deps.probeLlm) return check('pass', `${provider} configured (not contacted: offline)`);
  const probe = await deps.probeLlm();
  return check(probe.ok ? 'pass' : 'fail', probe.message);
}

const PROBLEMS_SHOWN = 3;

/** One line per source: where, its state, its notes, and the first problems by path. */
function describeSource(source: SourceSummary): string {
  const state =
    source.status === 'active'
      ? `${source.notes} notes${source.last_synced_at ? `, synced ${source.last_synced_at}` : ''}`
      : `${source.status}${source.error_message ? `: ${source.error_message}` : ''}`;
  // The source's own problem is already its error message.
  const own = source.problems.filter((p) => p.relative_path !== '' || p.message !== source.error_message);
  const problems = own.length
    ? `; ${own.length} problem(s): ${own
        .slice(0, PROBLEMS_SHOWN)
        .map((p) => `${p.relative_path || '(source)'}: ${p.message}`)
        .join('; ')}${own.length > PROBLEMS_SHOWN ? '; …' : ''}`
    : '';
  return `${source.location} (${state}${problems})`;
}

/** The note sources: a source in error or with problems is a warning (the rest of the service works). */
async function sourcesCheck(config: Config, deps: DiagnosticsDeps): Promise<DiagnosticCheck> {
  const check = (status: CheckStatus, message: string): DiagnosticCheck => ({
    id: 'content_sources',
    label: 'Content sources',
    status,
    message,
  });
  const configured = config.content_sources.sources.length;
  let recorded: SourceSummary[] = [];
  try {
    recorded = deps.readSources ? await deps.readSources() : [];
  } catch (error) {
    return check('warn', `could not read the sources' state: ${(error as Error).message}`);
  }
  const shown = recorded.filter((s) => s.source_type !== 'manual' || s.notes > 0);
  if (shown.length === 0)
    return configured === 0
      ? check('skip', 'none configured ([[content_sources.sources]])')
      : check('pass', `${configured} configured, not run yet (\`app serve\` starts them)`);
  const troubled = shown.some((s) => s.status === 'error' || s.problems.length > 0);
  return check(troubled ? 'warn' : 'pass', shown.map(describeSource).join(' | '));
}

/** Reaches the platform only with a login that can work; otherwise the token check already says why. */
async function platformCheck(
  config: Config,
  auth: AuthDetails | null,
  deps: DiagnosticsDeps,
): Promise<DiagnosticCheck> {
  const check = (status: CheckStatus, message: string): DiagnosticCheck => ({
    id: 'platform',
    label: 'Platform API',
    status,
    message,
  });
  if (config.social_api.provider_backend === 'scraper') return check('skip', 'skipped (scraper backend)');
  if (!auth || (!auth.token_valid && !auth.has_refresh_token))
    return check('skip', 'skipped (no usable login; see Platform tokens)');
  if (!deps.probePlatform) return check('skip', 'not contacted (offline)');
  const probe = await deps.probePlatform();
  return check(probe.ok ? 'pass' : 'fail', probe.message);
}

export async function runDiagnostics(deps: DiagnosticsDeps): Promise<DiagnosticsReport> {
  const checks: DiagnosticCheck[] = [];
  const { config } = deps;
  if (!config) {
    checks.push({
      id: 'config',
      label: 'Configuration',
      status: 'fail',
      message: `${deps.configErrors.length} error(s): ${deps.configErrors.join('; ')}`,
    });
    return { passed: false, checks, auth: null, enrichment: { stages: [], next: null } };
  }
  const warnings = deps.configWarnings;
  checks.push(
    warnings.length === 0
      ? { id: 'config', label: 'Configuration', status: 'pass', message: 'valid' }
      : {
          id: 'config',
          label: 'Configuration',
          status: 'warn',
          message: `valid, ${warnings.length} warning(s): ${warnings.join('; ')}`,
        },
  );

  const missing = missingQuickstartFields(config);
  checks.push(
    missing.length === 0
      ? { id: 'quickstart', label: 'Required fields', status: 'pass', message: 'all 5 quickstart fields set' }
      : {
          id: 'quickstart',
          label: 'Required fields',
          status: 'fail',
          message: `missing ${missing.join(', ')}`,
        },
  );

  const database = await deps.checkDatabase();
  checks.push({
    id: 'database',
    label: 'Database',
    status: database.ok ? 'pass' : 'fail',
    message: database.message,
  });

  checks.push(await llmCheck(config, deps));

  const tokens = tokenChecks(config, deps);
  checks.push(...tokens.checks, await platformCheck(config, tokens.auth, deps));

  checks.push(await sourcesCheck(config, deps));

  const enrichment = enrichmentStatus(config);
  const done = enrichment.stages.filter((s) => s.complete).map((s) => s.title);
  checks.push({
    id: 'enrichment',
    label: 'Profile enrichment',
    status: enrichment.next ? 'warn' : 'pass',
    message: `${done.length}/3 stages complete${done.length ? ` (${done.join(', ')})` : ''}${
      enrichment.next ? `; next: ${enrichment.next} (\`app settings enrich\`)` : ''
    }`,
  });

  return {
    passed: checks.every((check) => check.status !== 'fail'),
    checks,
    auth: tokens.auth,
    enrichment: {
      stages: enrichment.stages.map(({ id, title, complete, missing: m }) => ({
        id,
        title,
        complete,
        missing: m,
      })),
      next: enrichment.next ?? null,
    },
  };
}
