// Tool generate_thread_plan: an LLM thread plan (hook, body, closing) for a topic.
import { z } from 'zod';
import { LLM_ERRORS } from '../../contracts/tools/tool-binding.js';
import { planThread } from '../../core/services/discovery/plan-thread.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding } from './discovery-binding.js';

const Wish = (description: string) => z.string().trim().min(1).max(300).optional().describe(description);

export const generateThreadPlanOperation = defineOperation({
  name: 'generate_thread_plan',
  summary:
    "Plans a thread on a topic in the account's voice: a hook, body cards and a closing card, 2 or more, each at most 280 weighted characters. Nothing is saved or posted; compose or schedule it afterwards.",
  input: z.object({
    topic: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .describe('What the thread is about (may start with [Tone: ...]).'),
    target_tweets: z
      .number()
      .int()
      .min(2)
      .max(15)
      .optional()
      .describe(
        'How many posts you would like (2-15); the plan says when the model wrote a different number.',
      ),
    objective: Wish('What the thread should achieve (optional).'),
    target_audience: Wish('Who it is for (optional).'),
  }),
  output: z.object({
    topic: z.string(),
    hook: z.string(),
    tweets: z.array(
      z.object({
        position: z.number().int(),
        role: z.enum(['hook', 'body', 'closing']),
        text: z.string(),
        weighted_length: z.number().int(),
      }),
    ),
    tweet_count: z.number().int(),
    target_tweets: z.number().int().nullable(),
    flags: z.array(z.string()),
  }),
  mutation: false,
  tool: discoveryBinding('generate_thread_plan', 'composite', { llm: true, errors: LLM_ERRORS }),
  run: (deps, input) =>
    planThread(deps, {
      topic: input.topic,
      targetTweets: input.target_tweets,
      objective: input.objective,
      targetAudience: input.target_audience,
    }),
});
