// Cross-field config rules the schema alone cannot express. Pure: returns problems, never throws.
import type { Config } from '../../contracts/config/config.js';
import type { RuleProblem, ValidationContext } from './config-rule-types.js';
import { driveCredential, effectiveLoopBack, isSourceAllowed, isSourceEnabled } from './config-rules.js';
import { unknownPolicyTools } from './policy-tool-names.js';
import { wideProxyRanges } from './proxy-rules.js';
import { sameData } from './same-data.js';
import { sourceEntryRuleProblems } from './source-entry-rules.js';
import { dbPathProblem } from './storage-rules.js';
import { uploadDirProblem } from './upload-dir-rules.js';

export type { RuleProblem, ValidationContext, ValidationPurpose } from './config-rule-types.js';

const AUTO_SLOTS = 3;

function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Same tool name whether written `social_post_tweet` or `post_tweet`. */
const canonicalTool = (name: string) => (name.startsWith('social_') ? name : `social_${name}`);

export function validateConfigRules(config: Config, context: ValidationContext): RuleProblem[] {
  const previousSources = context.previous?.content_sources.sources ?? [];
  const problems: RuleProblem[] = [];
  const error = (path: RuleProblem['path'], message: string) =>
    problems.push({ severity: 'error', path, message });
  const warn = (path: RuleProblem['path'], message: string) =>
    problems.push({ severity: 'warning', path, message });

  if (config.limits.min_action_delay_seconds > config.limits.max_action_delay_seconds) {
    error(['limits', 'min_action_delay_seconds'], 'must not be greater than limits.max_action_delay_seconds');
  }
  if (!isValidTimezone(config.schedule.timezone)) {
    error(['schedule', 'timezone'], `'${config.schedule.timezone}' is not a known IANA timezone`);
  }
  for (const [index, rule] of config.mcp_policy.rules.entries()) {
    const tz = rule.conditions.schedule_window?.timezone;
    if (tz && !isValidTimezone(tz)) {
      error(
        ['mcp_policy', 'rules', index, 'conditions', 'schedule_window', 'timezone'],
        `'${tz}' is not a known timezone`,
      );
    }
  }

  const slots = (times: readonly string[]) => times.reduce((n, t) => n + (t === 'auto' ? AUTO_SLOTS : 1), 0);
  const overrideSlots = Object.values(config.schedule.preferred_times_override).map((t) => slots(t ?? []));
  const mostSlots = Math.max(slots(config.schedule.preferred_times), ...overrideSlots);
  if (mostSlots > config.limits.max_tweets_per_day) {
    error(
      ['schedule', 'preferred_times'],
      `${mostSlots} posting slots a day exceed limits.max_tweets_per_day (${config.limits.max_tweets_per_day})`,
    );
  }

  const approval = new Set(config.mcp_policy.require_approval_for.map(canonicalTool));
  for (const tool of config.mcp_policy.blocked_tools) {
    if (approval.has(canonicalTool(tool))) {
      // DECISIONS: a warning, not an error; the policy checks blocked_tools first, so blocked wins.
      warn(
        ['mcp_policy', 'blocked_tools'],
        `'${tool}' is both blocked and in require_approval_for; blocked wins`,
      );
    }
  }

  if (context.toolNames) {
    for (const problem of unknownPolicyTools(config.mcp_policy, context.toolNames)) {
      warn(problem.path, problem.message);
    }
  }

  if (config.deployment_mode === 'cloud' && config.social_api.provider_backend === 'scraper') {
    error(['social_api', 'provider_backend'], 'the scraper backend is not available in cloud deployment');
  }
  if (
    config.server.host !== '127.0.0.1' &&
    config.server.host !== 'localhost' &&
    config.server.host !== '::1'
  ) {
    warn(['server', 'host'], `binding to ${config.server.host} exposes the service beyond this machine`);
  }
  for (const range of wideProxyRanges(config.server.trusted_proxies)) {
    warn(
      ['server', 'trusted_proxies'],
      `${range} trusts X-Forwarded-For from more than a /8: anyone there can pick the address the login throttle counts, which turns the throttle off for them`,
    );
  }
  if (config.storage.db_path) {
    const path = context.sourcePaths?.resolve(config.storage.db_path) ?? {
      written: config.storage.db_path,
      real: config.storage.db_path,
    };
    const problem = dbPathProblem(path, context.files ?? { kind: () => 'missing' });
    if (problem) error(['storage', 'db_path'], problem);
  }
  const allowedBefore = context.previous?.mcp_policy.upload_allowed_dirs ?? [];
  config.mcp_policy.upload_allowed_dirs.forEach((dir, index) => {
    const resolved = context.sourcePaths?.resolve(dir) ?? { written: dir, real: dir };
    const problem = uploadDirProblem(resolved, context.sourcePaths?.dataDir);
    if (!problem) return;
    // A folder the file already had is the owner's: kept with a warning, skipped at runtime.
    if (context.purpose === 'save' && !allowedBefore.includes(dir))
      error(['mcp_policy', 'upload_allowed_dirs', index], problem);
    else warn(['mcp_policy', 'upload_allowed_dirs', index], `${problem}; skipped`);
  });

  config.content_sources.sources.forEach((source, index) => {
    const at = (...rest: string[]) => ['content_sources', 'sources', index, ...rest];
    if (!isSourceAllowed(config.deployment_mode, source.source_type)) {
      const message = `${source.source_type} sources are not available in ${config.deployment_mode} deployment`;
      const existing = previousSources.some((old) => sameData(old, source));
      if (context.purpose === 'save' && !existing) error(at('source_type'), `${message}; not saved`);
      else warn(at('source_type'), `${message}; kept but skipped at runtime`);
    }
    if (source.source_type === 'local_fs') {
      if (isSourceEnabled(source) && !source.path) error(at('path'), 'a local_fs source needs a path');
      for (const key of ['folder_id', 'connection_id', 'service_account_key'] as const) {
        if (source[key] !== undefined) warn(at(key), 'only applies to cloud_drive sources; ignored');
      }
      if (source.analytics_sync_enabled && !effectiveLoopBack(source)) {
        error(at('analytics_sync_enabled'), 'requires loop_back_enabled');
      }
    } else {
      if (source.path !== undefined) warn(at('path'), 'only applies to local_fs sources; ignored');
      if (source.loop_back_enabled)
        error(at('loop_back_enabled'), 'not supported for cloud_drive (read-only)');
      if (source.analytics_sync_enabled)
        error(at('analytics_sync_enabled'), 'only supported for local_fs sources');
      if (source.connection_id !== undefined && source.service_account_key) {
        warn(
          at('service_account_key'),
          'both connection_id and service_account_key are set; connection_id is used',
        );
      } else if (isSourceEnabled(source) && driveCredential(source) === 'none') {
        warn(
          at('connection_id'),
          'no connection_id or service_account_key; link the drive from the dashboard',
        );
      }
    }
  });
  problems.push(...sourceEntryRuleProblems(config, context));
  return problems;
}
