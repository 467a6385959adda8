// Operation assist.thread: Generate a thread outline.
import { AssistThreadInput, AssistThreadOutput } from '../../contracts/assist.js';
import { generateThread } from '../../core/services/assist/generate-content.js';
import { defineOperation } from '../define-operation.js';

export const assistThreadOperation = defineOperation({
  name: 'assist.thread',
  summary: 'Generate a thread outline (2 or more cards of at most 280 characters) about a topic.',
  input: AssistThreadInput,
  output: AssistThreadOutput,
  mutation: false,
  http: { method: 'POST', path: '/api/assist/thread' },
  run: (deps, input) => generateThread(deps.assist, input),
});
