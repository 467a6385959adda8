// Writes a config text computed from an earlier read (the interactive `app settings`, `app update`) only if
// the file still holds what was read: under the file's lock, a change another process made meanwhile is
// never written over; the command says so and saves nothing.
import { AppError } from '../../core/errors.js';
import { withFileLock } from '../fs/file-lock.js';
import { writeSecretFile } from '../fs/write-secret-file.js';
import { readConfigText } from './edit-config-file.js';

export function replaceConfigText(path: string, read: string, next: string): void {
  withFileLock(path, () => {
    if (readConfigText(path) !== read)
      throw new AppError(
        'conflict',
        `${path} changed while this command was running (another process saved it); nothing was saved: run it again`,
      );
    writeSecretFile(path, next);
  });
}
