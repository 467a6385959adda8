// Public surface of the fake X platform: the sandbox `app simulate` runs against, and the fake the tests, demos
// and the CLI starter use.
export type { IssuedToken } from './auth-store.js';
export { createFakeClock, type FakeClock, type SettableClock } from './clock.js';
export { type FaultAction, FaultController, type FaultRule, faultPresets } from './faults.js';
export type { RequestLogEntry } from './routes-control.js';
export { type FakeSocial, type StartFakeSocialOptions, startFakeSocial } from './server.js';
export {
  DEFAULT_CLIENT_ID,
  DEFAULT_USER_ID,
  FakeState,
  type FakeStats,
  type ProfileChange,
  type Tier,
} from './state.js';
export { weightedLength } from './text-length.js';
