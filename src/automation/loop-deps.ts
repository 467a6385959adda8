// What the loops may use, declared here in the automation layer (the app builds it): the service's stores
// and services, and the few actions that go through an operation (compose, reply, expire approvals) as
// functions, so a loop reaches the gateway the way every face does without importing the operations.
import type { Actor } from '../contracts/actor.js';
import type { Config } from '../contracts/config/config.js';
import type { PublisherDeps } from '../core/gateway/publisher-deps.js';
import type { AnalyticsWriter } from '../core/ports/analytics-writer.js';
import type { AutopilotStore } from '../core/ports/autopilot-store.js';
import type { Clock } from '../core/ports/clock.js';
import type { Log } from '../core/ports/log.js';
import type { NoteStore } from '../core/ports/note-store.js';
import type { SocialRead } from '../core/ports/social.js';
import type { TokenRefresher } from '../core/ports/token-refresher.js';
import type { AssistDeps } from '../core/services/assist/assist-deps.js';
import type { AutopilotContent, SubmitOutcome } from '../core/services/autopilot/autopilot-deps.js';
import type { ContentDeps } from '../core/services/content-deps.js';
import type { DiscoveryServiceDeps } from '../core/services/discovery/discovery-service-deps.js';
import type { DiscoveryStores } from '../core/services/discovery/discovery-stores.js';
import type { ReplyOutcome } from '../core/services/discovery/run-discovery.js';
import type { LoopBackDeps } from '../core/services/sources/loop-back.js';
import type { StatusDeps } from '../core/services/status/status-deps.js';

/** What a loop does through an operation (the gateway, its guards and audit, with the loop as the actor). */
export interface LoopActions {
  /** Composes as `actor` (a draft, then approval or the posting queue); a guard's refusal is an answer. */
  compose(actor: Actor, content: AutopilotContent): Promise<SubmitOutcome>;
  /** Replies as `actor` through the gateway and says what became of it. */
  reply(actor: Actor, tweetId: string, text: string): Promise<ReplyOutcome>;
  /** Moves approval items past their expiry out of the pending list, as `actor`; answers how many. */
  expireApprovals(actor: Actor): Promise<number>;
}

export interface LoopDeps {
  /** The config in force (live: a reloaded file moves it). */
  readonly config: Readonly<Config>;
  clock: Clock;
  /** Uniform in [0, 1): the loops' choices (seeded in simulations). */
  random: () => number;
  logger: Log;
  content: Pick<ContentDeps, 'approvals' | 'posting'>;
  discovery: DiscoveryStores;
  /** The discovery services (searches, scoring, guards, generation, approvals). */
  discoveryServices(): DiscoveryServiceDeps;
  assist: AssistDeps;
  status: Pick<StatusDeps, 'llmProblem'>;
  social: { read: SocialRead; tokens?: TokenRefresher };
  analyticsWriter: AnalyticsWriter;
  notes: NoteStore;
  loopBack: LoopBackDeps;
  publisher: PublisherDeps;
  autopilot: AutopilotStore;
  /** Starts the posting queue's next turn now (an immediate post does not wait for its tick). */
  wakePosting(): void;
  actions: LoopActions;
}
