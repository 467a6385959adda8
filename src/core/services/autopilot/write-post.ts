// One original post for the content loop: the shared post prompt (voice, persona, vault context) with the
// chosen format. An answer over 280 weighted characters, empty, or with a banned phrase is never posted:
// one retry (stricter, or told to avoid the phrase), then the turn says why.
import type { PostFormat } from '../../domain/autopilot-choices.js';
import { postProblem, provenanceOf, withFormat } from '../../domain/autopilot-writing.js';
import { cleanGenerated, tweetPrompt } from '../../domain/prompts.js';
import type { AssistDeps } from '../assist/assist-deps.js';
import { buildVaultContext } from '../assist/vault-context.js';
import type { Written } from './autopilot-deps.js';

export async function writePost(
  deps: AssistDeps,
  input: { topic: string; format: PostFormat },
): Promise<Written<string>> {
  const vault = await buildVaultContext(deps.vault);
  const llm = deps.llm();
  const ask = async (stricter: boolean, avoid?: string) => {
    const prompt = withFormat(
      tweetPrompt(deps.voice(), { topic: input.topic, vault: vault.block, stricter }),
      input.format,
      avoid,
    );
    return cleanGenerated((await llm.generate({ ...prompt, kind: 'tweet' })).text);
  };
  const first = await ask(false);
  const problem = postProblem(first, deps.bannedPhrases());
  if (!problem) return { ok: true, value: first, provenance: provenanceOf(vault.citations) };
  const second = await ask(problem.rule === 'too_long', problem.phrase);
  const again = postProblem(second, deps.bannedPhrases());
  if (!again) return { ok: true, value: second, provenance: provenanceOf(vault.citations) };
  return {
    ok: false,
    reason: `${problem.message}; on the retry ${again.message.replace(/^the answer /, '')}`,
  };
}
