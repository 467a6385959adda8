// Operation assist.tweet: Generate a post about a topic in the account's voice.
import { AssistTweetInput, AssistTweetOutput } from '../../contracts/assist.js';
import { generateTweet } from '../../core/services/assist/generate-content.js';
import { defineOperation } from '../define-operation.js';

export const assistTweetOperation = defineOperation({
  name: 'assist.tweet',
  summary: "Generate a post about a topic in the account's voice (vault context included).",
  input: AssistTweetInput,
  output: AssistTweetOutput,
  mutation: false,
  http: { method: 'POST', path: '/api/assist/tweet' },
  run: (deps, input) => generateTweet(deps.assist, input),
});
