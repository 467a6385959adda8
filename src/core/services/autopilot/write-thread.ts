// One thread for the thread loop: the shared thread prompt (voice, persona, vault context) asking for 5 to
// 8 posts in the chosen structure. Each card must be within 280 weighted characters and free of banned
// phrases, with 5 to 8 cards: one retry (stricter, or told to avoid the phrase), then the turn says why.
import type { ThreadStructure } from '../../domain/autopilot-choices.js';
import { provenanceOf, threadProblem, withStructure } from '../../domain/autopilot-writing.js';
import { parseThreadText, threadPrompt } from '../../domain/prompts.js';
import type { AssistDeps } from '../assist/assist-deps.js';
import { buildVaultContext } from '../assist/vault-context.js';
import type { Written } from './autopilot-deps.js';

export async function writeThread(
  deps: AssistDeps,
  input: { topic: string; structure: ThreadStructure },
): Promise<Written<string[]>> {
  const vault = await buildVaultContext(deps.vault);
  const llm = deps.llm();
  const ask = async (stricter: boolean, avoid?: string) => {
    // The shared prompt asks for 5 to 8 posts when it is given no count: the loop's bounds.
    const prompt = withStructure(
      threadPrompt(deps.voice(), { topic: input.topic, vault: vault.block, stricter }),
      input.structure,
      avoid,
    );
    return parseThreadText((await llm.generate({ ...prompt, kind: 'thread' })).text);
  };
  const first = await ask(false);
  const problem = threadProblem(first, deps.bannedPhrases());
  if (!problem) return { ok: true, value: first, provenance: provenanceOf(vault.citations) };
  const second = await ask(problem.rule !== 'banned_phrase', problem.phrase);
  const again = threadProblem(second, deps.bannedPhrases());
  if (!again) return { ok: true, value: second, provenance: provenanceOf(vault.citations) };
  return {
    ok: false,
    reason: `${problem.message}; on the retry ${again.message.replace(/^the answer /, '')}`,
  };
}
