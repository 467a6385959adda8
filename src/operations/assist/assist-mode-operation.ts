// Operation assist.mode: The operating mode.
import { z } from 'zod';
import { ModeOutput } from '../../contracts/assist.js';

const EmptyInput = z.object({});

import { defineOperation } from '../define-operation.js';

export const assistModeOperation = defineOperation({
  name: 'assist.mode',
  summary: 'The operating mode (autopilot or composer) and the effective approval mode.',
  input: EmptyInput,
  output: ModeOutput,
  mutation: false,
  http: { method: 'GET', path: '/api/assist/mode' },
  run: (deps) =>
    Promise.resolve({
      mode: deps.assist.settings().mode,
      approval_mode: deps.assist.settings().approvalMode,
    }),
});
