// social_post_tweet_dry_run and social_post_thread_dry_run: everything posting would check (schema,
// weighted length, the safety rules, the policy) and what it would decide, with nothing posted or queued.
import { z } from 'zod';
import { PLATFORM_WRITE_ERRORS } from '../../contracts/tools/tool-binding.js';
import { weightedLength } from '../../core/domain/weighted-length.js';
import { ACTION_SCHEMAS, PLATFORM_ACTIONS } from '../../core/gateway/platform-actions.js';
import { type AnyOperation, defineOperation } from '../define-operation.js';
import { WRITE_ADMIN } from '../tool-kit.js';

const OUTCOMES = {
  allow: 'would be posted now',
  dry_run: 'would answer with a dry-run payload (dry run is on)',
  route: 'would wait in the approval queue',
} as const;

function previewTool(tool: 'social_post_tweet' | 'social_post_thread', input: z.ZodObject): AnyOperation {
  const action = PLATFORM_ACTIONS.find((a) => a.tool === tool);
  if (!action) throw new Error(`no action ${tool}`);
  const name = `${tool}_dry_run`;
  return defineOperation({
    name,
    summary: `Preview ${tool} without posting: validates the text (280 weighted characters), checks the safety rules and the policy, and says what would happen.`,
    input,
    output: z.object({
      dry_run: z.literal(true),
      would_execute: z.string(),
      params: z.string(),
      outcome: z.enum(['allow', 'dry_run', 'route']),
      explanation: z.string(),
      weighted_lengths: z.array(z.number().int()),
    }),
    mutation: false,
    tool: {
      name,
      category: 'write',
      lane: 'workflow',
      profiles: WRITE_ADMIN,
      requires: { social: true, db: true },
      policy: 'check',
      errors: [...PLATFORM_WRITE_ERRORS, 'validation_error', 'db_error'],
    },
    // The gateway decides (schema, safety rules, policy) before the run: a denial is the call's error.
    preview: tool,
    run: async (_deps, params, context) => {
      const parsed = action.params.parse(params);
      const decision = context.policy;
      if (!decision) throw new Error(`${name} ran without the gateway's decision`);
      const texts = action.posting?.(parsed).payload.cards.map((c) => c.text) ?? [];
      return {
        dry_run: true as const,
        would_execute: tool,
        params: JSON.stringify(parsed),
        outcome: decision.decision,
        explanation: `${OUTCOMES[decision.decision]}${'reason' in decision ? `: ${decision.reason}` : ''}`,
        weighted_lengths: texts.map(weightedLength),
      };
    },
  });
}

export const POST_PREVIEW_OPERATIONS: readonly AnyOperation[] = [
  previewTool('social_post_tweet', ACTION_SCHEMAS.PostTweet),
  previewTool('social_post_thread', ACTION_SCHEMAS.PostThread),
];
