// How the autopilot asks for a post or a thread and what it accepts back: the format or thread structure
// as a directive on the shared prompts, and the checks an answer must pass before anything is queued (each
// post or card within 280 weighted characters, 5 to 8 cards, no banned phrase). Pure.

import { MAX_WEIGHTED_LENGTH } from '../../contracts/content.js';
import type { ProvenanceRef } from '../../contracts/drafts.js';
import type { PostFormat, ThreadStructure } from './autopilot-choices.js';
import { findBannedPhrase } from './posting-guards.js';
import type { Prompt } from './prompts.js';
import { weightedLength } from './weighted-length.js';

export const AUTOPILOT_THREAD_CARDS = { min: 5, max: 8 } as const;

const FORMAT_GUIDE: Record<PostFormat, string> = {
  list: 'a short list: one line of setup, then 3 to 5 items, one per line',
  contrarian_take: 'a contrarian take: name a common belief, disagree with it, say why in one line',
  most_people_think_x: '"Most people think X. Actually Y." — the usual view, then the better one and why',
  storytelling: 'a tiny story: the situation, the turn, the lesson',
  before_after: 'before and after: how it was, what changed, how it is now',
  question: 'an open question that invites replies, with one line of context',
  tip: 'one practical tip, concrete enough to use today',
};

const STRUCTURE_GUIDE: Record<ThreadStructure, string> = {
  transformation: 'a transformation: where it started, the steps that changed it (one per post), the result',
  framework: 'a framework: the hook, one step of the framework per post, how to apply it',
  mistakes: 'common mistakes: the hook, one mistake and its fix per post, the lesson',
  analysis: 'an analysis: the claim, the evidence one point per post, the takeaway',
};

function withDirective(prompt: Prompt, directive: string): Prompt {
  return { ...prompt, system: `${prompt.system}\n\n${directive}` };
}

/** The post prompt with its format (and, on a retry after a banned phrase, the phrase to avoid). */
export function withFormat(prompt: Prompt, format: PostFormat, avoid?: string): Prompt {
  const shaped = withDirective(prompt, `Format (MUST follow): ${FORMAT_GUIDE[format]}.`);
  return avoid ? avoidPhrase(shaped, avoid) : shaped;
}

/** The thread prompt with its structure (and the phrase to avoid on a retry). */
export function withStructure(prompt: Prompt, structure: ThreadStructure, avoid?: string): Prompt {
  const shaped = withDirective(prompt, `Structure (MUST follow): ${STRUCTURE_GUIDE[structure]}.`);
  return avoid ? avoidPhrase(shaped, avoid) : shaped;
}

function avoidPhrase(prompt: Prompt, phrase: string): Prompt {
  return withDirective(prompt, `Never use the phrase "${phrase}" (or anything close to it).`);
}

/** Why a generated answer cannot be posted as it is. */
export interface WritingProblem {
  rule: 'empty' | 'too_long' | 'banned_phrase' | 'card_count';
  message: string;
  /** The banned phrase found (for the retry's instruction). */
  phrase?: string;
}

/** The first problem of a post text, if any. */
export function postProblem(text: string, banned: readonly string[]): WritingProblem | undefined {
  if (text.trim() === '') return { rule: 'empty', message: 'the answer was empty' };
  const length = weightedLength(text);
  if (length > MAX_WEIGHTED_LENGTH) {
    return {
      rule: 'too_long',
      message: `the answer was ${length} weighted characters (max ${MAX_WEIGHTED_LENGTH})`,
    };
  }
  const phrase = findBannedPhrase(text, banned);
  if (phrase) return { rule: 'banned_phrase', message: `the answer contains "${phrase}"`, phrase };
  return undefined;
}

/** The first problem of a thread's cards, if any: 5 to 8 cards, each a valid post. */
export function threadProblem(
  cards: readonly string[],
  banned: readonly string[],
): WritingProblem | undefined {
  const { min, max } = AUTOPILOT_THREAD_CARDS;
  if (cards.length < min || cards.length > max) {
    return { rule: 'card_count', message: `the answer had ${cards.length} posts (${min} to ${max} wanted)` };
  }
  for (const [index, card] of cards.entries()) {
    const problem = postProblem(card, banned);
    if (problem) {
      return { ...problem, message: `post ${index + 1}: ${problem.message.replace(/^the answer /, '')}` };
    }
  }
  return undefined;
}

/** The notes a generation drew on (its vault citations), as the post's provenance (at most 20). */
export function provenanceOf(
  citations: ReadonlyArray<{ node_id: number; chunk_id: number }>,
): ProvenanceRef[] {
  return citations.slice(0, 20).map((c) => ({ node_id: c.node_id, chunk_id: c.chunk_id }));
}
