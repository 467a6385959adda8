// The generation tools: drafts from the LLM in the account's voice (nothing is posted), and topic ideas.
import { z } from 'zod';
import { TopicsOutput } from '../../../contracts/assist.js';
import { DB_ERRORS, LLM_ERRORS, PLATFORM_READ_ERRORS } from '../../../contracts/tools/tool-binding.js';
import { platformId } from '../../../contracts/tools/tool-params.js';
import {
  generateReply,
  generateThread,
  generateTweet,
} from '../../../core/services/assist/generate-content.js';
import { suggestTopics } from '../../../core/services/assist/suggest.js';
import { type AnyOperation, defineOperation } from '../../define-operation.js';
import { WRITE_ADMIN } from '../tool-kit.js';

const Generated = z.object({
  content: z.string(),
  flags: z.array(z.string()).describe('truncated, contains_banned_phrase: …'),
});

const llmTool = (name: string, extra: { social?: boolean } = {}) => ({
  name,
  category: 'content' as const,
  lane: 'workflow' as const,
  profiles: WRITE_ADMIN,
  requires: {
    llm: true,
    db: true,
    ...(extra.social ? { social: true, userAuth: true, scopes: ['tweet.read', 'users.read'] } : {}),
  },
  errors: [...LLM_ERRORS, ...DB_ERRORS, ...(extra.social ? PLATFORM_READ_ERRORS : [])],
});

const withTone = (topic: string, tone?: string) => (tone?.trim() ? `[Tone: ${tone.trim()}] ${topic}` : topic);

export const GENERATION_TOOLS: readonly AnyOperation[] = [
  defineOperation({
    name: 'generate_reply',
    summary:
      'Draft a reply to a post in the account voice (nothing is posted). `context` is a tone directive the draft must follow.',
    input: z.object({
      tweet_id: platformId('Id of the post to reply to (fetched from the platform).'),
      context: z.string().max(500).optional().describe('Tone directive, e.g. "curious, one question".'),
      mention_product: z.boolean().default(false).describe('Allow a relevant product mention.'),
    }),
    output: Generated.extend({ tweet_id: z.string(), author: z.string() }),
    mutation: false,
    tool: llmTool('generate_reply', { social: true }),
    run: async (deps, input) => {
      const tweet = await deps.social.read.getTweet(input.tweet_id);
      const author = tweet.author_id
        ? await deps.social.read
            .getUserById(tweet.author_id)
            .then((u) => u.username)
            .catch(() => tweet.author_id ?? 'someone')
        : 'someone';
      const draft = await generateReply(deps.assist, {
        tweet_text: tweet.text,
        tweet_author: author,
        mention_product: input.mention_product,
        context: input.context,
      });
      return { ...draft, tweet_id: tweet.id, author };
    },
  }),
  defineOperation({
    name: 'generate_tweet',
    summary:
      'Draft a post on a topic (default: a content pillar) in the account voice, with vault context; nothing is posted.',
    input: z.object({
      topic: z.string().max(500).optional().describe('What to write about; `[Tone: …] topic` sets a tone.'),
      style: z.string().max(200).optional().describe('Tone or style directive the draft must follow.'),
    }),
    output: Generated.extend({ topic: z.string() }),
    mutation: false,
    tool: llmTool('generate_tweet'),
    run: (deps, input) => generateTweet(deps.assist, { topic: withTone(input.topic ?? '', input.style) }),
  }),
  defineOperation({
    name: 'generate_thread',
    summary:
      'Draft a thread (2 or more posts of at most 280 weighted characters each) on a topic; nothing is posted.',
    input: z.object({
      topic: z.string().trim().min(1).max(500).describe('What the thread is about.'),
      num_tweets: z.number().int().min(2).max(15).optional().describe('How many posts (default 5 to 8).'),
    }),
    output: z.object({ tweets: z.array(z.string()), topic: z.string(), flags: z.array(z.string()) }),
    mutation: false,
    tool: llmTool('generate_thread'),
    run: (deps, input) => generateThread(deps.assist, { topic: input.topic, count: input.num_tweets }),
  }),
  defineOperation({
    name: 'suggest_topics',
    summary:
      'Topic ideas from what performed best recently, topped up from the profile (pillars, industry topics).',
    input: z.object({ count: z.number().int().min(1).max(50).default(10).describe('How many topics.') }),
    output: TopicsOutput,
    mutation: false,
    tool: {
      name: 'suggest_topics',
      category: 'content',
      lane: 'workflow',
      profiles: WRITE_ADMIN,
      requires: { db: true },
      errors: DB_ERRORS,
    },
    run: (deps, input) => suggestTopics(deps.assist, input.count),
  }),
];
