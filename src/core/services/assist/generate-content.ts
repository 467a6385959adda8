// AI generation of posts, replies, threads and rewrites. Output is checked with the shared weighted length:
// too long → one retry with a stricter instruction, then trimmed at a sentence or word; a banned phrase →
// one regeneration, then the result is flagged (never returned silently).
import { findBannedPhrase } from '../../domain/posting-guards.js';
import {
  cleanGenerated,
  improvePrompt,
  parseThreadText,
  parseToneCue,
  replyPrompt,
  threadPrompt,
  tweetPrompt,
} from '../../domain/prompts.js';
import { truncateToWeighted, weightedLength } from '../../domain/weighted-length.js';
import { AppError } from '../../errors.js';
import type { GenerationKind, LlmRequest } from '../../ports/llm.js';
import { cancellationPoint, type RunControl } from '../../ports/run-control.js';
import type { AssistDeps } from './assist-deps.js';
import { buildVaultContext, type VaultCitation } from './vault-context.js';

const MAX = 280;

export interface Generated {
  content: string;
  /** Why a human should look twice: `truncated`, `contains_banned_phrase: <p>`. */
  flags: string[];
  vault_citations?: VaultCitation[];
}

type Build = (stricter: boolean) => Omit<LlmRequest, 'kind'>;

const avoid = (request: Omit<LlmRequest, 'kind'>, phrase: string) => ({
  ...request,
  system: `${request.system}\n\nNever use the phrase "${phrase}" (or anything close to it).`,
});

/** One post-length text: length repair, then the banned-phrase check. */
async function generateShort(deps: AssistDeps, kind: GenerationKind, build: Build): Promise<Generated> {
  const llm = deps.llm();
  const ask = async (request: Omit<LlmRequest, 'kind'>) =>
    cleanGenerated((await llm.generate({ ...request, kind })).text);
  const flags: string[] = [];
  const generateWithin = async (request: (stricter: boolean) => Omit<LlmRequest, 'kind'>) => {
    let text = await ask(request(false));
    if (weightedLength(text) > MAX) text = await ask(request(true));
    if (weightedLength(text) > MAX) {
      text = truncateToWeighted(text, MAX);
      flags.push('truncated');
    }
    return text;
  };
  let text = await generateWithin(build);
  const phrase = findBannedPhrase(text, deps.bannedPhrases());
  if (phrase) {
    text = await generateWithin((stricter) => avoid(build(stricter), phrase));
    const still = findBannedPhrase(text, deps.bannedPhrases());
    if (still) flags.push(`contains_banned_phrase: ${still}`);
  }
  if (text === '') throw new AppError('llm_error', 'the model returned an empty answer');
  return { content: text, flags: [...new Set(flags)] };
}

const withCitations = (result: Generated, citations: VaultCitation[]): Generated =>
  citations.length > 0 ? { ...result, vault_citations: citations } : result;

export async function generateTweet(
  deps: AssistDeps,
  input: { topic: string; selected_node_ids?: number[] },
): Promise<Generated & { topic: string }> {
  const { cue, rest } = parseToneCue(input.topic);
  const topic = rest || deps.settings().profileTopics[0] || 'general industry trends';
  const vault = await buildVaultContext(deps.vault, { selectedNodeIds: input.selected_node_ids });
  const result = await generateShort(deps, 'tweet', (stricter) =>
    tweetPrompt(deps.voice(), { topic, toneCue: cue, vault: vault.block, stricter }),
  );
  return { ...withCitations(result, vault.citations), topic };
}

export async function generateReply(
  deps: AssistDeps,
  input: {
    tweet_text: string;
    tweet_author: string;
    mention_product?: boolean;
    context?: string;
    selected_node_ids?: number[];
  },
): Promise<Generated> {
  const vault = await buildVaultContext(deps.vault, { selectedNodeIds: input.selected_node_ids });
  const result = await generateShort(deps, 'reply', (stricter) =>
    replyPrompt(deps.voice(), {
      tweetText: input.tweet_text,
      tweetAuthor: input.tweet_author,
      mentionProduct: input.mention_product ?? false,
      toneCue: input.context,
      vault: vault.block,
      stricter,
    }),
  );
  return withCitations(result, vault.citations);
}

export async function improveDraft(
  deps: AssistDeps,
  input: { draft: string; context?: string; selected_node_ids?: number[] },
): Promise<Generated> {
  if (input.draft.trim() === '') throw new AppError('validation_error', 'draft is empty: nothing to improve');
  const vault = await buildVaultContext(deps.vault, { selectedNodeIds: input.selected_node_ids });
  const result = await generateShort(deps, 'improve', (stricter) =>
    improvePrompt(deps.voice(), { draft: input.draft, context: input.context, vault: vault.block, stricter }),
  );
  return withCitations(result, vault.citations);
}

/**
 * A thread as 2+ cards of at most 280 each (up to 3 attempts, then long cards are trimmed). `control`
 * hears start, answer and validated, and its cancellation aborts the request to the model.
 */
export async function generateThread(
  deps: AssistDeps,
  input: { topic: string; selected_node_ids?: number[]; count?: number },
  { signal, progress }: RunControl = {},
): Promise<{ tweets: string[]; topic: string; flags: string[]; vault_citations?: VaultCitation[] }> {
  const { cue, rest } = parseToneCue(input.topic);
  const topic = rest || deps.settings().profileTopics[0] || 'general industry trends';
  const vault = await buildVaultContext(deps.vault, { selectedNodeIds: input.selected_node_ids });
  const llm = deps.llm();
  const build = (stricter: boolean, phrase?: string) => {
    const request = threadPrompt(deps.voice(), {
      topic,
      toneCue: cue,
      vault: vault.block,
      stricter,
      count: input.count,
    });
    return phrase ? avoid(request, phrase) : request;
  };
  progress?.(1, 3, 'asking the model for the thread');
  const attempt = async (phrase?: string) => {
    let cards: string[] = [];
    for (let n = 0; n < 3; n++) {
      await cancellationPoint(signal, 'thread generation cancelled by the caller');
      const answer = await llm.generate({ ...build(n > 0, phrase), kind: 'thread', signal });
      progress?.(2, 3, 'the model answered; checking lengths and banned phrases');
      cards = parseThreadText(answer.text);
      if (cards.length >= 2 && cards.every((card) => weightedLength(card) <= MAX))
        return { cards, trimmed: false };
    }
    if (cards.length < 2)
      throw new AppError(
        'llm_error',
        'the model did not produce a thread of 2 or more posts after 3 attempts',
      );
    return { cards: cards.map((card) => truncateToWeighted(card, MAX)), trimmed: true };
  };
  let result = await attempt();
  const banned = (cards: string[]) =>
    cards.map((c) => findBannedPhrase(c, deps.bannedPhrases())).find(Boolean);
  const flags: string[] = [];
  const phrase = banned(result.cards);
  if (phrase) {
    result = await attempt(phrase);
    const still = banned(result.cards);
    if (still) flags.push(`contains_banned_phrase: ${still}`);
  }
  if (result.trimmed) flags.push('truncated');
  progress?.(3, 3, `thread of ${result.cards.length} posts validated`);
  return {
    tweets: result.cards,
    topic,
    flags,
    ...(vault.citations.length ? { vault_citations: vault.citations } : {}),
  };
}
