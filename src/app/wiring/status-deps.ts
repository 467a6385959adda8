// What the status tools and the health check read: the loops, the mode, the login, the LLM, the database,
// today's use of the posting caps and the hourly mutation cap.
import type { Config } from '../../contracts/config/config.js';
import type { LoopStatus } from '../../contracts/runtime-status.js';
import { effectiveApprovalMode } from '../../core/domain/config-rules.js';
import { capWindows } from '../../core/domain/time-windows.js';
import type { Clock } from '../../core/ports/clock.js';
import type { StatusDeps } from '../../core/services/status/status-deps.js';
import { llmConfigProblem } from '../../infra/llm/create-llm.js';
import type { SocialBackend } from '../../infra/social/create-social-backend.js';
import type { MutationRepository } from '../../infra/sqlite/repositories/mutation-repository.js';
import type { PostingRepository } from '../../infra/sqlite/repositories/posting-repository.js';
import { pingStore } from '../../infra/storage/ping.js';
import type { Store } from '../../infra/storage/store.js';
import { loginState } from './platform-state.js';

export function statusDeps(parts: {
  config: () => Readonly<Config>;
  social: SocialBackend;
  database: Store;
  posting: PostingRepository;
  mutations: MutationRepository;
  clock: Clock;
  loops: () => Promise<LoopStatus[] | undefined>;
}): StatusDeps {
  const { social, database, posting, mutations, clock } = parts;
  const cfg = parts.config;
  return {
    loops: parts.loops,
    get mode() {
      return cfg().mode;
    },
    get approvalMode() {
      return effectiveApprovalMode(cfg());
    },
    provider: social.capabilities,
    login: () => loginState(social),
    llmProblem: () => llmConfigProblem(cfg().llm)?.message,
    pingDatabase: () => pingStore(database),
    get caps() {
      const { limits } = cfg();
      return {
        replies: limits.max_replies_per_day,
        tweets: limits.max_tweets_per_day,
        threads: limits.max_threads_per_week,
      };
    },
    usage: async () => {
      const { dayStart, weekStart } = capWindows(clock.now(), cfg().schedule.timezone);
      const [tweetsToday, repliesToday, threadsThisWeek] = await Promise.all([
        posting.countPosts(['tweet', 'quote'], dayStart),
        posting.countPosts(['reply'], dayStart),
        posting.countThreads(weekStart),
      ]);
      return { tweetsToday, repliesToday, threadsThisWeek };
    },
    mutationsThisHour: async () => ({
      used: (await mutations.usage('mcp_mutation', 3600, clock.now())).count,
      max: cfg().mcp_policy.max_mutations_per_hour,
    }),
  };
}
