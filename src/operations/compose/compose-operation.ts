// Operation content.compose (HTTP POST /api/content/compose and the tool compose_tweet): a post or a thread
// becomes a draft and is submitted: to the approval queue when approval mode is on, else scheduled or queued.
// An agent's call meets the policy first (its binding says `check`: the invoker applies it).
import { ComposeOperationInput, ComposeOperationOutput } from '../../contracts/compose.js';
import { PLATFORM_WRITE_ERRORS } from '../../contracts/tools/tool-binding.js';
import { composeContent } from '../../core/services/compose/compose-content.js';
import { defineOperation } from '../define-operation.js';
import { WRITE_ADMIN } from '../tool-kit.js';

const TOOL = 'compose_tweet';

// Declared in contracts (the dashboard's client is typed from there); the loops import it from here.
export { ComposeOperationInput };

export const composeOperation = defineOperation({
  name: 'content.compose',
  summary:
    'Compose a post or thread: it becomes a draft and is submitted for posting (approval queue when approval mode is on, else scheduled or queued for immediate posting). Policy-checked for agents.',
  input: ComposeOperationInput,
  output: ComposeOperationOutput,
  mutation: true,
  // The spec's compose request requires content_type; an agent's compose_tweet requires content.
  http: { method: 'POST', path: '/api/content/compose', status: 202, required: ['content_type'] },
  tool: {
    name: TOOL,
    category: 'write',
    lane: 'workflow',
    profiles: WRITE_ADMIN,
    requires: { db: true },
    policy: 'check',
    errors: [...PLATFORM_WRITE_ERRORS, 'validation_error', 'db_error'],
    required: ['content'],
  },
  run: async (deps, input, context) => {
    const { topic, format, ...compose } = input;
    const title = compose.title ?? ([topic, format].filter(Boolean).join(' · ') || undefined);
    const policy = context.policy;
    return composeContent(deps.content, { ...compose, ...(title ? { title } : {}) }, context.actor, {
      // An agent's call the policy routes to a person waits in the approval queue whatever the mode.
      ...(policy?.decision === 'route' ? { forceApproval: { reason: policy.reason } } : {}),
      ...(topic || format ? { attribution: { topic, format } } : {}),
    });
  },
});
