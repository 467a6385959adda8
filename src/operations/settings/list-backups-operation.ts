// Operation backups.list: the verified database backups in the data directory's backup folder (`app backup --list`).
import { EmptyInput } from '../../contracts/no-input.js';
import { BackupListSchema } from '../../contracts/settings-forms.js';
import { defineOperation } from '../define-operation.js';
import { backupEntry } from './backup-entry.js';

export const listBackupsOperation = defineOperation({
  name: 'backups.list',
  summary: 'The database backups in `<data dir>/backups`, newest first, as `app backup --list` shows them.',
  input: EmptyInput,
  output: BackupListSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/backups' },
  run: async (deps) => {
    const { backups } = deps;
    return { dir: backups.dir, backups: backups.list().map(backupEntry) };
  },
});
