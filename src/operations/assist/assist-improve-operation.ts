// Operation assist.improve: Rewrite a draft sharper and clearer, keeping its message.
import { AssistImproveInput, AssistImproveOutput } from '../../contracts/assist.js';
import { improveDraft } from '../../core/services/assist/generate-content.js';
import { defineOperation } from '../define-operation.js';

export const assistImproveOperation = defineOperation({
  name: 'assist.improve',
  summary:
    'Rewrite a draft sharper and clearer, keeping its message; `context` is a tone cue the rewrite must follow.',
  input: AssistImproveInput,
  output: AssistImproveOutput,
  mutation: false,
  http: { method: 'POST', path: '/api/assist/improve' },
  run: (deps, input) => improveDraft(deps.assist, input),
});
