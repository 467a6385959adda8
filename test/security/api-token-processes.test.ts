// The API token (<data dir>/api_token) made by processes starting at once on one home, as API nodes of a
// scaled-out service (issue 28) or `app serve` beside `app mcp serve` do: every process serves with the
// token the file holds, so a client that reads the file is let in by every one of them.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const CHILD = new URL('../support/api-token-child.ts', import.meta.url).pathname;
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(path: string) {
  const child = fork(CHILD, [path], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

describe('the API token made by processes starting at once', () => {
  it('is the one in the file for every process', async () => {
    {
      const dir = mkdtempSync(join(tmpdir(), 'api-token-'));
      dirs.push(dir);
      const path = join(dir, 'api_token');
      const racers = await Promise.all(Array.from({ length: 5 }, () => start(path)));
      const tokens = await Promise.all(
        racers.map((child) => {
          const answer = new Promise<string>((resolve) => child.once('message', (m) => resolve(String(m))));
          child.send('go');
          return answer;
        }),
      );
      const stored = readFileSync(path, 'utf8').trim();
      expect(stored).toMatch(/^[0-9a-f]{64}$/);
      expect(new Set(tokens)).toEqual(new Set([stored]));
    }
  }, 30_000);
});
