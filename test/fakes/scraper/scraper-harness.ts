// Test wiring for the scraper backend: the fake web API, a temp data dir for the session file, a usage
// recorder that keeps every call, and a factory for clients pointed at the fake (no real sleeping).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiCall, ApiUsageRecorder } from '../../../src/core/ports/api-usage.js';
import {
  ScraperClient,
  type ScraperClientOptions,
} from '../../../src/infra/social/scraper/scraper-client.js';
import { writeScraperSession } from '../../../src/infra/social/scraper/scraper-session.js';
import { type FakeScraper, startFakeScraper } from './fake-scraper.js';
import { FAKE_SESSION } from './fake-scraper-state.js';

export interface ScraperHarness {
  fake: FakeScraper;
  dir: string;
  sessionPath: string;
  calls: ApiCall[];
  sleeps: number[];
  /** A client on the fake; guest mode unless `signIn()` wrote the session file. */
  client(overrides?: Partial<ScraperClientOptions>): ScraperClient;
  /** Writes the seeded session of @alice to the session file. */
  signIn(): void;
  /** Clears requests, usage, faults and the session file between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startScraperHarness(): Promise<ScraperHarness> {
  const fake = await startFakeScraper();
  const dir = mkdtempSync(join(tmpdir(), 'scraper-test-'));
  const sessionPath = join(dir, 'scraper_session.json');
  const calls: ApiCall[] = [];
  const sleeps: number[] = [];
  const usage: ApiUsageRecorder = { record: async (call) => void calls.push(call) };
  return {
    fake,
    dir,
    sessionPath,
    calls,
    sleeps,
    client: (overrides = {}) =>
      new ScraperClient({
        baseUrl: fake.url,
        timeoutMs: 2000,
        allowMutations: false,
        sessionPath,
        usage,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        random: () => 0.5,
        ...overrides,
      }),
    signIn: () => {
      writeScraperSession(sessionPath, FAKE_SESSION);
    },
    reset: async () => {
      fake.requests.length = 0;
      fake.faults.clear();
      calls.length = 0;
      sleeps.length = 0;
      rmSync(sessionPath, { force: true });
    },
    close: async () => {
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
