// Operation account.profile (GET /api/account/profile): the signed-in account as the dashboard shows it, read
// from the platform once and kept; the picture's bytes are served by GET /api/account/profile/picture.
import { AccountProfileSchema } from '../../contracts/account-profile.js';
import { EmptyInput } from '../../contracts/no-input.js';
import { defineOperation } from '../define-operation.js';

export const accountProfileOperation = defineOperation({
  name: 'account.profile',
  summary:
    'The signed-in platform account’s display name, handle and whether its picture is kept, read once from the platform (users/me) and kept: read again when older than a day or after a login as another account. Without a login, or when the platform cannot be reached, it answers what is kept, or nulls (show a placeholder); never an error. Never a token.',
  input: EmptyInput,
  output: AccountProfileSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/account/profile' },
  run: (deps) => deps.accountProfiles.read(),
});
