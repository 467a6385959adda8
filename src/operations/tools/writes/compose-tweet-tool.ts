// compose_tweet: the compose path of the dashboard for agents. The content becomes a draft and is submitted
// (approval queue, schedule or posting queue, as approval mode says); the policy may refuse it, simulate it
// or send it to a person first.
import { z } from 'zod';
import { ComposeResultSchema } from '../../../contracts/compose.js';
import type { DryRunPayload } from '../../../contracts/tools/envelope.js';
import { PLATFORM_WRITE_ERRORS } from '../../../contracts/tools/tool-binding.js';
import { composeContent } from '../../../core/services/compose/compose-content.js';
import { defineOperation } from '../../define-operation.js';
import { WRITE_ADMIN } from '../tool-kit.js';

export const ComposeTweetInput = z.object({
  content: z
    .string()
    .min(1)
    .max(100_000)
    .describe('Post text; for content_type thread a JSON array of card texts.'),
  content_type: z.enum(['tweet', 'thread']).default('tweet').describe('`tweet` (default) or `thread`.'),
  scheduled_for: z
    .string()
    .optional()
    .describe(
      'ISO 8601 time to post at; without `Z` it is local time in [schedule] timezone. Omit to post now.',
    ),
  topic: z.string().max(200).optional().describe('What the post is about (kept as the draft title).'),
  format: z.string().max(50).optional().describe('Content format label, e.g. tip, story, question.'),
});

export const composeTweetTool = defineOperation({
  name: 'compose_tweet',
  summary:
    'Compose a post or thread: it becomes a draft and is submitted for posting (approval queue when approval mode is on, else scheduled or queued). Policy-checked.',
  input: ComposeTweetInput,
  output: z.union([
    ComposeResultSchema,
    z.object({ dry_run: z.literal(true), would_execute: z.string(), params: z.string() }),
  ]),
  mutation: true,
  tool: {
    name: 'compose_tweet',
    category: 'write',
    lane: 'workflow',
    profiles: WRITE_ADMIN,
    requires: { db: true },
    policy: 'check',
    errors: [...PLATFORM_WRITE_ERRORS, 'validation_error', 'db_error'],
  },
  run: async (deps, input, context) => {
    const decision = await deps.gateway.check({ tool: 'compose_tweet', category: 'write' });
    context.trace ??= {};
    if (decision.decision === 'dry_run') {
      context.trace.policy_decision = 'dry_run';
      const payload: DryRunPayload = {
        dry_run: true,
        would_execute: 'compose_tweet',
        params: JSON.stringify(input),
      };
      return payload;
    }
    const title = [input.topic, input.format].filter(Boolean).join(' · ') || undefined;
    const result = await composeContent(
      deps.content,
      {
        content_type: input.content_type,
        content: input.content,
        ...(input.scheduled_for ? { scheduled_for: input.scheduled_for } : {}),
        ...(title ? { title } : {}),
      },
      context.actor,
      decision.decision === 'route' ? { forceApproval: { reason: decision.reason } } : {},
    );
    context.trace.policy_decision = decision.decision === 'route' ? 'routed_to_approval' : 'allowed';
    if (decision.decision === 'allow') deps.gateway.count(decision.limits);
    return result;
  },
});
