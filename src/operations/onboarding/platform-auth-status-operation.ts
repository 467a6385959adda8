// Operation platform_auth.status: the saved platform login (never its tokens).

import { EmptyInput } from '../../contracts/no-input.js';
import { PlatformLoginSchema } from '../../contracts/setup.js';
import { defineOperation } from '../define-operation.js';

export const platformAuthStatusOperation = defineOperation({
  name: 'platform_auth.status',
  summary:
    'The saved platform login: whether tokens exist, their state (`ok`, `expiring`, `expired`, `missing`, `invalid`, `dead`; `not_needed` for the scraper backend), the account (id and handle, when known), expiry and granted scopes, and why it cannot be used when it cannot. Never the tokens.',
  input: EmptyInput,
  output: PlatformLoginSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/auth/platform/status' },
  run: async (deps) => deps.platformLink.status(),
});
