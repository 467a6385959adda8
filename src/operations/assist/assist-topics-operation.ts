// Operation assist.topics: Suggested topics from recent performance and the profile.
import { z } from 'zod';
import { TopicsOutput } from '../../contracts/assist.js';
import { suggestTopics } from '../../core/services/assist/suggest.js';

const EmptyInput = z.object({});

import { defineOperation } from '../define-operation.js';

export const assistTopicsOperation = defineOperation({
  name: 'assist.topics',
  summary: 'Suggested topics from recent performance and the profile.',
  input: EmptyInput,
  output: TopicsOutput,
  mutation: false,
  http: { method: 'GET', path: '/api/assist/topics' },
  run: (deps) => suggestTopics(deps.assist),
});
