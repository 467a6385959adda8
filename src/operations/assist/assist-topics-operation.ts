// Operation assist.topics (HTTP and the tool suggest_topics): topic ideas from performance and the profile.
import { TopicsInput, TopicsOutput } from '../../contracts/assist.js';
import { suggestTopics } from '../../core/services/assist/suggest.js';
import { defineOperation } from '../define-operation.js';
import { localTool } from '../tool-kit.js';

export const assistTopicsOperation = defineOperation({
  name: 'assist.topics',
  summary:
    'Topic ideas from what performed best recently, topped up from the profile (pillars, industry topics).',
  input: TopicsInput,
  output: TopicsOutput,
  mutation: false,
  http: { method: 'GET', path: '/api/assist/topics' },
  tool: { ...localTool('suggest_topics', 'content') },
  run: (deps, input) => suggestTopics(deps.assist, input.count),
});
