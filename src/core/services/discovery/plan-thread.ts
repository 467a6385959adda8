// A thread plan from the LLM: the hook, the body cards and the closing card, each within 280 weighted
// characters, through the same thread generation as the composer's AI assist. Nothing is saved or posted.
import { weightedLength } from '../../domain/weighted-length.js';
import type { AssistDeps } from '../assist/assist-deps.js';
import { generateThread } from '../assist/generate-content.js';

export interface ThreadPlanInput {
  topic: string;
  /** A wish passed to the model; the plan reports when it came out different. */
  targetTweets?: number;
  objective?: string;
  targetAudience?: string;
}

export interface ThreadPlanCard {
  position: number;
  role: 'hook' | 'body' | 'closing';
  text: string;
  weighted_length: number;
}

export interface ThreadPlan {
  topic: string;
  hook: string;
  tweets: ThreadPlanCard[];
  tweet_count: number;
  target_tweets: number | null;
  /** `truncated`, `contains_banned_phrase: <p>`, `tweet_count_differs_from_target`. */
  flags: string[];
}

export async function planThread(deps: { assist: AssistDeps }, input: ThreadPlanInput): Promise<ThreadPlan> {
  // The generation prompt takes one topic line; the agent's goal and audience travel inside it.
  const wishes = [
    input.objective ? `goal: ${input.objective}` : undefined,
    input.targetAudience ? `for ${input.targetAudience}` : undefined,
  ].filter((wish): wish is string => wish !== undefined);
  const generated = await generateThread(deps.assist, {
    topic: wishes.length ? `${input.topic} (${wishes.join('; ')})` : input.topic,
    ...(input.targetTweets ? { count: input.targetTweets } : {}),
  });
  const cards = generated.tweets;
  const flags = [...generated.flags];
  if (input.targetTweets && cards.length !== input.targetTweets)
    flags.push('tweet_count_differs_from_target');
  return {
    topic: input.topic,
    hook: cards[0] ?? '',
    tweets: cards.map((text, index) => ({
      position: index + 1,
      role: index === 0 ? 'hook' : index === cards.length - 1 ? 'closing' : 'body',
      text,
      weighted_length: weightedLength(text),
    })),
    tweet_count: cards.length,
    target_tweets: input.targetTweets ?? null,
    flags,
  };
}
