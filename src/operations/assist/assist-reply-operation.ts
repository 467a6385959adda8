// Operation assist.reply: Generate a reply to a post.
import { AssistReplyInput, AssistReplyOutput } from '../../contracts/assist.js';
import { generateReply } from '../../core/services/assist/generate-content.js';
import { defineOperation } from '../define-operation.js';

export const assistReplyOperation = defineOperation({
  name: 'assist.reply',
  summary: 'Generate a reply to a post (the product is mentioned only when asked and relevant).',
  input: AssistReplyInput,
  output: AssistReplyOutput,
  mutation: false,
  http: { method: 'POST', path: '/api/assist/reply' },
  run: (deps, input) => generateReply(deps.assist, input),
});
