// get_capabilities: what the agent can do right now and why not: login and scopes per tool group, the
// provider backend, today's remaining caps, and plain-language guidance.
import { SCOPE_GROUPS, scopeStatus } from '../../domain/scopes.js';
import { loopBrief, loopWarnings } from './loop-health.js';
import { postingAbility } from './posting-ability.js';
import type { StatusDeps } from './status-deps.js';

export async function describeCapabilities(deps: StatusDeps) {
  const { login, loggedIn, has, canPost } = postingAbility(deps);
  const scopes = scopeStatus(login.scopes);
  const usage = await deps.usage();
  const hourly = await deps.mutationsThisHour();
  const llm = deps.llmProblem();
  const remaining = (max: number, used: number) => Math.max(0, max - used);
  const loops = await deps.loops();
  const guidance = [
    ...(loggedIn ? [] : [`platform login is ${login.state}: run \`app auth\``]),
    ...(deps.provider.mutations_available
      ? []
      : ['the scraper backend is read-only: writes answer scraper_mutation_blocked']),
    ...(llm ? [`generation tools are unavailable: ${llm}`] : []),
    ...scopes.degraded.map(
      (g) => `${g.title}: missing scope(s) ${g.missing.join(', ')} (re-run \`app auth\`)`,
    ),
    ...(deps.approvalMode ? ['approval mode is on: posts wait in the approval queue for a person'] : []),
    ...loopWarnings(loops),
  ];
  return {
    mode: deps.mode,
    approval_mode: deps.approvalMode,
    can_post_tweets: canPost,
    can_reply: canPost,
    can_search: loggedIn && has('tweet.read'),
    can_discover: loggedIn && has('tweet.read'),
    llm_available: llm === undefined,
    auth: {
      mode: 'oauth2_user_context',
      state: login.state,
      social_client_available: loggedIn,
      authenticated_user_id: login.userId ?? null,
      token_scopes_available: [...login.scopes],
      expires_at: login.expiresAt?.toISOString() ?? null,
    },
    scope_analysis: {
      granted: scopes.granted,
      missing: scopes.missing,
      groups: SCOPE_GROUPS.map((g) => ({
        group: g.id,
        title: g.title,
        required_scopes: [...g.scopes],
        missing_scopes: g.scopes.filter((s) => !has(s)),
        fully_available: loggedIn && g.scopes.every(has),
      })),
    },
    rate_limits: [
      {
        action_type: 'reply',
        remaining: remaining(deps.caps.replies, usage.repliesToday),
        max: deps.caps.replies,
        period_seconds: 86_400,
      },
      {
        action_type: 'tweet',
        remaining: remaining(deps.caps.tweets, usage.tweetsToday),
        max: deps.caps.tweets,
        period_seconds: 86_400,
      },
      {
        action_type: 'thread',
        remaining: remaining(deps.caps.threads, usage.threadsThisWeek),
        max: deps.caps.threads,
        period_seconds: 604_800,
      },
      {
        action_type: 'mcp_mutation',
        remaining: remaining(hourly.max, hourly.used),
        max: hourly.max,
        period_seconds: 3600,
      },
    ],
    recommended_max_actions: {
      replies: remaining(deps.caps.replies, usage.repliesToday),
      tweets: remaining(deps.caps.tweets, usage.tweetsToday),
      threads: remaining(deps.caps.threads, usage.threadsThisWeek),
    },
    provider: deps.provider,
    loops: { running: loops !== undefined, loops: (loops ?? []).map(loopBrief) },
    guidance,
  };
}
