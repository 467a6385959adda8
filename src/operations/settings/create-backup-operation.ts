// Operation backups.create: takes a backup now, as `app backup` does (a consistent online copy, verified).
import { BackupEntrySchema, CreateBackupInput } from '../../contracts/settings-forms.js';
import { defineOperation } from '../define-operation.js';
import { backupEntry } from './backup-entry.js';

export const createBackupOperation = defineOperation({
  name: 'backups.create',
  summary:
    'Takes a database backup now into `<data dir>/backups` (as `app backup`): a consistent copy while the service keeps writing, kept only after `PRAGMA integrity_check` passes. Answers the new backup (201).',
  input: CreateBackupInput,
  output: BackupEntrySchema,
  mutation: true,
  http: { method: 'POST', path: '/api/backups', status: 201 },
  run: async (deps) => backupEntry(await deps.backups.create()),
});
