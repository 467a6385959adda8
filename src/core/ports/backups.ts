// Verified copies of the database in a backup folder: what `app backup` and the settings' backup operations
// list and take.

export interface BackupInfo {
  path: string;
  fileName: string;
  sizeBytes: number;
  createdAt: Date;
}

export interface DatabaseBackups {
  /** The backup folder: the one asked for (`~` expanded), else `<data dir>/backups`. */
  dir: string;
  list(): BackupInfo[];
  /** Keeps the newest `keep` backups and deletes the rest. */
  prune(keep: number): { kept: BackupInfo[]; removed: BackupInfo[] };
  /** A consistent copy of the live database, verified before it counts; not_found before the first start. */
  create(): Promise<BackupInfo>;
}
