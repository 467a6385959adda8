// Tool list_target_accounts: the monitored accounts, from the config and from target monitoring.
import { z } from 'zod';
import { DB_ERRORS } from '../../contracts/tools/tool-binding.js';
import { listTargetAccounts } from '../../core/services/discovery/list-target-accounts.js';
import { defineOperation } from '../define-operation.js';
import { discoveryBinding, mapStorageErrors } from './discovery-binding.js';
import { discoveryServices } from './discovery-services.js';

const TargetAccountSchema = z.object({
  username: z.string().describe('Handle without @.'),
  source: z
    .enum(['config', 'stored', 'both'])
    .describe('Listed in [targets].accounts, stored by monitoring, or both.'),
  user_id: z.string().nullable(),
  display_name: z.string().nullable(),
  followers: z.number().int().nullable(),
  status: z.enum(['active', 'paused', 'removed']),
  added_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  last_reply_at: z.string().nullable(),
  total_replies: z.number().int(),
});

export const listTargetAccountsOperation = defineOperation({
  name: 'list_target_accounts',
  summary:
    'The accounts being monitored for engagement: [targets].accounts from the config merged with what target monitoring stored (ids, followers, replies so far).',
  input: z.object({}),
  output: z.array(TargetAccountSchema),
  mutation: false,
  tool: discoveryBinding('list_target_accounts', 'discovery', { errors: DB_ERRORS }),
  run: (deps) => mapStorageErrors(() => listTargetAccounts(discoveryServices(deps))),
});
