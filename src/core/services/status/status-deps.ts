// What the status tools read: the effective settings, the platform login and backend, the LLM setup, the
// database and today's usage of the caps.
import type { LoopStatus } from '../../../contracts/runtime-status.js';
import type { ProviderCapabilities } from '../../../contracts/social.js';
import type { GuardUsage } from '../../domain/posting-guards.js';

export interface LoginState {
  state: 'missing' | 'invalid' | 'dead' | 'expired' | 'expiring' | 'valid' | 'not_needed';
  message?: string;
  scopes: readonly string[];
  userId?: string;
  expiresAt?: Date;
}

export interface StatusDeps {
  mode: 'autopilot' | 'composer';
  approvalMode: boolean;
  provider: ProviderCapabilities;
  login(): LoginState;
  /** Why the LLM cannot be used, or undefined when `[llm]` is complete. */
  llmProblem(): string | undefined;
  pingDatabase(): Promise<void>;
  caps: { replies: number; tweets: number; threads: number };
  usage(): Promise<Pick<GuardUsage, 'repliesToday' | 'tweetsToday' | 'threadsThisWeek'>>;
  mutationsThisHour(): Promise<{ used: number; max: number }>;
  /** The loops this process runs, plus the service's when another process runs them; undefined: none. */
  loops(): Promise<LoopStatus[] | undefined>;
}
