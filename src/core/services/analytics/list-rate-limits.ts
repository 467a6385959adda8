// get_rate_limits: every cap the account is under, with what the current window used and when it frees a
// slot: the daily and weekly posting caps ([limits], counted from posts over the calendar day and the week
// from Monday in the account's timezone, as the guards count them) and the policy engine's counters (the
// hourly tool-mutation cap, template limits, [mcp_policy].rate_limits: sliding windows in rate_events).
import type { Config } from '../../../contracts/config/config.js';
import type { McpPolicy } from '../../../contracts/config/mcp-policy.js';
import type { RateLimit, RateLimits } from '../../../contracts/tool-telemetry.js';
import type { PolicyCategory } from '../../../contracts/tools/tool-binding.js';
import {
  applicableLimits,
  HOURLY_KEY,
  type LimitUsage,
  type PolicyLimit,
} from '../../domain/mutation-policy.js';
import { capWindowEnds, capWindows, slotFreesAt } from '../../domain/time-windows.js';
import type { AnalyticsStores, CappedPostKind } from '../../ports/analytics-stores.js';

export interface RateLimitSettings {
  limits: Pick<Config['limits'], 'max_replies_per_day' | 'max_tweets_per_day' | 'max_threads_per_week'>;
  policy: McpPolicy;
  /** The account's timezone: the posting caps count its calendar day and week. */
  timezone: string;
  /** The policy-gated tools and their policy categories (which counters each one counts against). */
  gatedTools: ReadonlyArray<{ tool: string; category: PolicyCategory }>;
}

const POSTING_CAPS: ReadonlyArray<{
  key: string;
  kind: CappedPostKind;
  setting: keyof RateLimitSettings['limits'];
  periodSeconds: number;
  window: 'calendar_day' | 'calendar_week';
  description: string;
  appliesTo: string[];
}> = [
  {
    key: 'replies_per_day',
    kind: 'reply',
    setting: 'max_replies_per_day',
    periodSeconds: 86_400,
    window: 'calendar_day',
    description: "Replies today (the account's timezone)",
    appliesTo: ['reply'],
  },
  {
    key: 'tweets_per_day',
    kind: 'tweet',
    setting: 'max_tweets_per_day',
    periodSeconds: 86_400,
    window: 'calendar_day',
    description: "Original posts and quotes today (the account's timezone)",
    appliesTo: ['tweet', 'quote'],
  },
  {
    key: 'threads_per_week',
    kind: 'thread',
    setting: 'max_threads_per_week',
    periodSeconds: 7 * 86_400,
    window: 'calendar_week',
    description: "Threads started this week, from Monday (the account's timezone)",
    appliesTo: ['thread'],
  },
];

function row(
  base: Pick<RateLimit, 'key' | 'description' | 'source' | 'max' | 'period_seconds' | 'applies_to'>,
  usage: LimitUsage,
): RateLimit {
  return {
    ...base,
    used: usage.count,
    remaining: Math.max(base.max - usage.count, 0),
    window: 'sliding',
    resets_at: slotFreesAt(usage.oldest, base.period_seconds)?.toISOString() ?? null,
  };
}

/** Every counter some gated tool counts against, with the tools it covers (the hourly cap always). */
function policyLimits(settings: RateLimitSettings): Array<{ limit: PolicyLimit; tools: Set<string> }> {
  const { policy } = settings;
  const byKey = new Map<string, { limit: PolicyLimit; tools: Set<string> }>();
  const add = (limit: PolicyLimit, tool?: string) => {
    const entry = byKey.get(limit.key) ?? { limit, tools: new Set<string>() };
    byKey.set(limit.key, entry);
    if (tool) entry.tools.add(tool);
  };
  add({ key: HOURLY_KEY, max: policy.max_mutations_per_hour, periodSeconds: 3600 });
  for (const { tool, category } of settings.gatedTools) {
    for (const limit of applicableLimits(policy, tool, category)) add(limit, tool);
  }
  // A configured limit no current tool matches still shows, so a typo in match_value is visible.
  for (const l of policy.rate_limits) add({ key: l.key, max: l.max_count, periodSeconds: l.period_seconds });
  return [...byKey.values()];
}

function describePolicyLimit(limit: PolicyLimit, policy: McpPolicy): { source: string; description: string } {
  if (limit.key === HOURLY_KEY) {
    return {
      source: 'mcp_policy.max_mutations_per_hour',
      description: 'Executed tool mutations in the last hour, all gated tools together',
    };
  }
  const configured = policy.rate_limits.find((l) => l.key === limit.key);
  if (configured) {
    const what =
      configured.dimension === 'global'
        ? 'all gated tools'
        : `${configured.dimension} ${configured.match_value ?? ''}`;
    return { source: 'mcp_policy.rate_limits', description: `Executed mutations of ${what.trim()}` };
  }
  return {
    source: `mcp_policy.template (${policy.template ?? 'none'})`,
    description: `Template limit ${limit.key}`,
  };
}

export async function listRateLimits(
  deps: Pick<AnalyticsStores, 'activity' | 'counters' | 'clock'>,
  settings: RateLimitSettings,
): Promise<RateLimits> {
  const now = deps.clock.now();
  const { dayStart, weekStart } = capWindows(now, settings.timezone);
  const { dayEnd, weekEnd } = capWindowEnds(now, settings.timezone);
  const posting = await Promise.all(
    POSTING_CAPS.map(async (cap): Promise<RateLimit> => {
      const day = cap.window === 'calendar_day';
      const used = (await deps.activity.capUsage(cap.kind, day ? dayStart : weekStart)).count;
      const max = settings.limits[cap.setting];
      return {
        key: cap.key,
        description: cap.description,
        source: `limits.${cap.setting}`,
        max,
        period_seconds: cap.periodSeconds,
        applies_to: cap.appliesTo,
        used,
        remaining: Math.max(max - used, 0),
        window: cap.window,
        resets_at: (day ? dayEnd : weekEnd).toISOString(),
      };
    }),
  );
  const everyTool = settings.gatedTools.length;
  const counters = await Promise.all(
    policyLimits(settings).map(async ({ limit, tools }) =>
      row(
        {
          key: limit.key,
          ...describePolicyLimit(limit, settings.policy),
          max: limit.max,
          period_seconds: limit.periodSeconds,
          applies_to:
            limit.key === HOURLY_KEY || (everyTool > 0 && tools.size === everyTool)
              ? ['*']
              : [...tools].sort(),
        },
        await deps.counters.usage(limit.key, limit.periodSeconds, now),
      ),
    ),
  );
  return {
    checked_at: now.toISOString(),
    policy_enforced: settings.policy.enforce_for_mutations,
    limits: [...posting, ...counters],
  };
}
