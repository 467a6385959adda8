// Public surface of the fake cloud drive (Google Drive v3 + Google OAuth) used by tests.
export { faultPresets } from '../../../src/infra/sandbox/social/faults.js';
export { DEFAULT_DRIVE_CLIENT, DEFAULT_DRIVE_USER, DRIVE_SCOPE, DriveAuth } from './drive-auth.js';
export { DOC_MIME, DriveState, type FakeFile, FOLDER_MIME, ROOT_ID } from './drive-state.js';
export {
  type DriveRequestLogEntry,
  type FakeDrive,
  type StartFakeDriveOptions,
  startFakeDrive,
} from './server.js';
