// A backup file as the backup operations answer it.

import type { BackupEntry } from '../../contracts/settings-forms.js';
import type { BackupInfo } from '../../core/ports/backups.js';

export function backupEntry(backup: BackupInfo): BackupEntry {
  return {
    file_name: backup.fileName,
    path: backup.path,
    size_bytes: backup.sizeBytes,
    created_at: backup.createdAt.toISOString(),
  };
}
