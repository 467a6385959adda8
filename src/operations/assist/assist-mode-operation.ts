// Operation assist.mode (HTTP GET /api/assist/mode and the tool get_mode): the operating mode.
import { ModeOutput } from '../../contracts/assist.js';
import { EmptyInput } from '../../contracts/no-input.js';
import { defineOperation } from '../define-operation.js';
import { WRITE_ADMIN_API_READONLY } from '../tool-kit.js';

export const assistModeOperation = defineOperation({
  name: 'assist.mode',
  summary:
    'The operating mode (autopilot or composer) and the effective approval mode (composer forces it on).',
  input: EmptyInput,
  output: ModeOutput,
  mutation: false,
  http: { method: 'GET', path: '/api/assist/mode' },
  tool: {
    name: 'get_mode',
    category: 'meta',
    lane: 'shared',
    profiles: WRITE_ADMIN_API_READONLY,
    requires: {},
    errors: [],
  },
  run: async (deps) => ({
    mode: deps.assist.settings().mode,
    approval_mode: deps.assist.settings().approvalMode,
  }),
});
