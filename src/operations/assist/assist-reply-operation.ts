// Operation assist.reply (HTTP and the tool generate_reply): a reply drafted in the account's voice, to a
// post given by id (fetched from the platform) or as text.
import { AssistReplyInput, AssistReplyOutput } from '../../contracts/assist.js';
import { AppError } from '../../core/errors.js';
import { generateReply } from '../../core/services/assist/generate-content.js';
import { defineOperation } from '../define-operation.js';
import { llmTool } from '../tool-kit.js';

export const assistReplyOperation = defineOperation({
  name: 'assist.reply',
  summary:
    'Draft a reply to a post (by `tweet_id`, or its `tweet_text` and `tweet_author`) in the account voice; nothing is posted. `context` is a tone directive the draft must follow; the product is mentioned only when asked and relevant.',
  input: AssistReplyInput,
  output: AssistReplyOutput,
  mutation: false,
  http: { method: 'POST', path: '/api/assist/reply' },
  tool: { ...llmTool('generate_reply', { social: true }), required: ['tweet_id'] },
  run: async (deps, input) => {
    const { tweet_id, tweet_text, tweet_author, ...rest } = input;
    if (tweet_id) {
      const tweet = await deps.social.read.getTweet(tweet_id);
      const author = tweet.author_id
        ? await deps.social.read
            .getUserById(tweet.author_id)
            .then((u) => u.username)
            .catch(() => tweet.author_id ?? 'someone')
        : 'someone';
      const draft = await generateReply(deps.assist, {
        ...rest,
        tweet_text: tweet.text,
        tweet_author: author,
      });
      return { ...draft, tweet_id: tweet.id, author };
    }
    if (!tweet_text || !tweet_author) {
      throw new AppError('validation_error', 'give tweet_id, or tweet_text and tweet_author', {
        details: { issues: [{ path: 'tweet_id', message: 'required (or tweet_text and tweet_author)' }] },
      });
    }
    return generateReply(deps.assist, { ...rest, tweet_text, tweet_author });
  },
});
