// The crash test: the server process is killed after the platform committed a post but before the outbox
// row was closed. On restart the in-doubt row is reconciled against the account's posts: no duplicate,
// and the item ends posted.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeSocial, faultPresets, startFakeSocial } from '../fakes/social/index.js';
import { storeFakeLogin } from '../support/fake-login.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const BIN = new URL('../../bin/app.js', import.meta.url).pathname;
let fake: FakeSocial | undefined;
let home: TempHome | undefined;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children.length = 0;
  await fake?.close();
  home?.cleanup();
});

function serve(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${output}`)));
  });
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('crash between the platform write and the outbox update', () => {
  it('restarts, reconciles, posts nothing twice, and the item ends posted', async () => {
    fake = await startFakeSocial();
    home = createTempHome();
    storeFakeLogin(fake, `${home.dir}/tokens.json`);
    home.writeConfig(
      [
        'approval_mode = false',
        '[social_api]',
        'client_id = "test-client"',
        `api_base_url = "${fake.url}"`,
        `upload_base_url = "${fake.url}"`,
        `token_url = "${fake.url}/2/oauth2/token"`,
        '[intervals]',
        'posting_queue_seconds = 1',
        '[logging]',
        'level = "warn"',
      ].join('\n'),
    );

    const first = await serve(home.env);
    const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
    // The platform will commit the post and then sit on its answer: the server is killed meanwhile.
    fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.holdAfterCommit(30_000) });
    const composed = await fetch(`${first.url}/api/content/compose`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content_type: 'tweet', content: 'survives a crash' }),
    });
    expect(composed.status).toBe(202);
    const { job_id } = (await composed.json()) as { job_id: number };
    const live = () => [...(fake?.state.tweets.values() ?? [])].filter((t) => t.text === 'survives a crash');
    await until('the platform to commit the post', () => (live().length === 1 ? true : undefined));
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    fake.faults.clear();

    const postsBefore = fake.requests.filter((r) => r.method === 'POST' && r.path === '/2/tweets').length;
    const second = await serve(home.env);
    const job = await until('the job to be posted', async () => {
      const response = await fetch(`${second.url}/api/posting/jobs/${job_id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { status: string; posted_tweet_ids: string[] };
      return body.status === 'posted' ? body : undefined;
    });
    expect(live()).toHaveLength(1);
    expect(job.posted_tweet_ids).toEqual([live()[0]?.id]);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/2/tweets').length).toBe(
      postsBefore,
    );
  }, 45_000);
});
