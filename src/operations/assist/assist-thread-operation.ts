// Operation assist.thread (HTTP and the tool generate_thread): a thread drafted in the account's voice.
import { AssistThreadInput, AssistThreadOutput } from '../../contracts/assist.js';
import { generateThread } from '../../core/services/assist/generate-content.js';
import { defineOperation } from '../define-operation.js';
import { llmTool } from '../tool-kit.js';

export const assistThreadOperation = defineOperation({
  name: 'assist.thread',
  summary:
    'Draft a thread (2 or more posts of at most 280 weighted characters each) about a topic, with vault context; nothing is posted.',
  input: AssistThreadInput,
  output: AssistThreadOutput,
  mutation: false,
  http: { method: 'POST', path: '/api/assist/thread' },
  tool: { ...llmTool('generate_thread'), required: ['topic'] },
  run: (deps, { num_tweets, ...input }, { signal, progress }) =>
    generateThread(
      deps.assist,
      { ...input, ...(num_tweets ? { count: num_tweets } : {}) },
      { signal, progress },
    ),
});
