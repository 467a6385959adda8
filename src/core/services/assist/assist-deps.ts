// What the AI assist services need: the LLM (built from the current config), the voice profile, vault
// context, banned phrases, and the performance history behind topic and timing suggestions.
import type { Mode } from '../../../contracts/config/config.js';
import type { VoiceProfile } from '../../domain/prompts.js';
import type { AssistStats } from '../../ports/assist-stats.js';
import type { Llm } from '../../ports/llm.js';
import type { VaultDeps } from './vault-context.js';

export type { AssistStats } from '../../ports/assist-stats.js';

export interface AssistDeps {
  /** Throws llm_not_configured when [llm] is incomplete. */
  llm: () => Llm;
  voice: () => VoiceProfile;
  vault: VaultDeps;
  bannedPhrases: () => readonly string[];
  stats: AssistStats;
  clock: { now(): Date };
  settings: () => { mode: Mode; approvalMode: boolean; timezone: string; profileTopics: readonly string[] };
}
