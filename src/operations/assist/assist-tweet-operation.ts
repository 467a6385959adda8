// Operation assist.tweet (HTTP and the tool generate_tweet): a post drafted in the account's voice.
import { AssistTweetInput, AssistTweetOutput } from '../../contracts/assist.js';
import { withTone } from '../../core/domain/prompts.js';
import { generateTweet } from '../../core/services/assist/generate-content.js';
import { defineOperation } from '../define-operation.js';
import { llmTool } from '../tool-kit.js';

export const assistTweetOperation = defineOperation({
  name: 'assist.tweet',
  summary:
    "Draft a post on a topic (default: a content pillar) in the account's voice, with vault context; nothing is posted.",
  input: AssistTweetInput,
  output: AssistTweetOutput,
  mutation: false,
  http: { method: 'POST', path: '/api/assist/tweet' },
  tool: llmTool('generate_tweet'),
  run: (deps, { style, ...input }) =>
    generateTweet(deps.assist, { ...input, topic: withTone(input.topic, style) }),
});
