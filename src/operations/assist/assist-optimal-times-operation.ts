// Operation assist.optimal_times: Hours.
import { OptimalTimesOutput } from '../../contracts/assist.js';
import { EmptyInput } from '../../contracts/no-input.js';
import { optimalTimes } from '../../core/services/assist/suggest.js';

import { defineOperation } from '../define-operation.js';

export const assistOptimalTimesOperation = defineOperation({
  name: 'assist.optimal_times',
  summary: "Hours (and weekdays) when posts did best, in the account's timezone, from the last 90 days.",
  input: EmptyInput,
  output: OptimalTimesOutput,
  mutation: false,
  http: { method: 'GET', path: '/api/assist/optimal-times' },
  run: (deps) => optimalTimes(deps.assist),
});
