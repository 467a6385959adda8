// AI assist requests and answers: one schema per action for both faces (HTTP /api/assist/* and the
// generation tools generate_tweet, generate_reply, generate_thread, suggest_topics).
import { z } from 'zod';
import { MODES } from './config/config.js';
import { platformId } from './tools/tool-params.js';

const Citation = z.object({
  chunk_id: z.number().int(),
  node_id: z.number().int(),
  heading_path: z.string(),
  source_path: z.string(),
  source_title: z.string().nullable(),
  snippet: z.string().describe('The start of the fragment (at most 120 characters).'),
  retrieval_boost: z.number(),
});
const Flags = z
  .array(z.string())
  .describe('`truncated`, `contains_banned_phrase: <phrase>`: look twice before posting.');
const NodeIds = z
  .array(z.number().int().positive())
  .max(20)
  .optional()
  .describe('Notes to ground the text in.');

export const AssistTweetInput = z.object({
  topic: z
    .string()
    .trim()
    .max(500)
    .default('')
    .describe('What to write about (default: a content pillar); a `[Tone: <cue>]` prefix sets the tone.'),
  style: z.string().max(200).optional().describe('Tone or style directive the draft must follow.'),
  selected_node_ids: NodeIds,
});
export const AssistTweetOutput = z.object({
  content: z.string(),
  topic: z.string(),
  flags: Flags,
  vault_citations: z.array(Citation).optional(),
});

export const AssistReplyInput = z.object({
  tweet_id: platformId('The post to reply to, fetched from the platform (or give its text).').optional(),
  tweet_text: z.string().trim().min(1).max(2000).optional().describe('The post to reply to, as text.'),
  tweet_author: z.string().trim().min(1).max(50).optional().describe('Its author (with tweet_text).'),
  context: z.string().max(500).optional().describe('Tone directive, e.g. "curious, one question".'),
  mention_product: z.boolean().default(false).describe('Allow a relevant product mention.'),
  selected_node_ids: NodeIds,
});
export const AssistReplyOutput = z.object({
  content: z.string(),
  flags: Flags,
  vault_citations: z.array(Citation).optional(),
  tweet_id: z.string().optional().describe('The post replied to, when it was fetched by id.'),
  author: z.string().optional().describe('Its author.'),
});

export const AssistThreadInput = z.object({
  topic: z
    .string()
    .trim()
    .max(500)
    .default('')
    .describe(
      'What the thread is about (default: a content pillar); a `[Tone: <cue>]` prefix sets the tone.',
    ),
  num_tweets: z.number().int().min(2).max(15).optional().describe('How many posts (default 5 to 8).'),
  selected_node_ids: NodeIds,
});
export const AssistThreadOutput = z.object({
  tweets: z.array(z.string()),
  topic: z.string(),
  flags: Flags,
  vault_citations: z.array(Citation).optional(),
});

export const AssistImproveInput = z.object({
  draft: z.string().max(10_000),
  context: z.string().trim().max(300).optional().describe('Tone cue, applied as a must-follow directive.'),
  selected_node_ids: NodeIds,
});
export const AssistImproveOutput = z.object({
  content: z.string(),
  flags: Flags,
  vault_citations: z.array(Citation).optional(),
});

export const TopicsInput = z.object({
  count: z.number().int().min(1).max(50).default(10).describe('How many topics.'),
});
export const TopicsOutput = z.object({
  topics: z.array(
    z.object({ topic: z.string(), score: z.number(), source: z.enum(['performance', 'profile']) }),
  ),
});

export const OptimalTimesOutput = z.object({
  timezone: z.string(),
  times: z.array(
    z.object({ hour: z.number().int(), avg_engagement: z.number(), post_count: z.number().int() }),
  ),
  by_weekday: z.array(
    z.object({ day: z.string(), avg_engagement: z.number(), post_count: z.number().int() }),
  ),
  cells: z
    .array(
      z.object({
        day: z.string(),
        hour: z.number().int(),
        avg_engagement: z.number(),
        post_count: z.number().int(),
      }),
    )
    .describe('Weekday × hour slots that have posts (the heatmap), Monday first, then by hour.'),
  fallback: z.array(z.string()).nullable().describe('Suggested slots while there is no history.'),
});

export const ModeOutput = z.object({
  mode: z.enum(MODES),
  approval_mode: z.boolean().describe('Effective (composer forces it on).'),
});
