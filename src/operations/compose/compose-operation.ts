// Operation content.compose: Submit a post or a thread for posting now or at `scheduled_for`.
import { ComposeInput, ComposeResultSchema } from '../../contracts/compose.js';
import { composeContent } from '../../core/services/compose/compose-content.js';
import { defineOperation } from '../define-operation.js';

export const composeOperation = defineOperation({
  name: 'content.compose',
  summary:
    'Submit a post or a thread for posting now or at `scheduled_for`: queued for approval when approval mode is on, else scheduled or queued for immediate posting.',
  input: ComposeInput,
  output: ComposeResultSchema,
  mutation: true,
  http: { method: 'POST', path: '/api/content/compose', status: 202 },
  run: (deps, input, context) => composeContent(deps.content, input, context.actor),
});
