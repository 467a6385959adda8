// `app serve` as `npm start` runs it: a real process on 127.0.0.1, answering health, stopping on SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
let child: ChildProcess | undefined;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => {
  child?.kill('SIGKILL');
  home.cleanup();
});

function start(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ url: string; output: () => string }> {
  const bin = new URL('../../bin/app.js', import.meta.url).pathname;
  child = spawn(process.execPath, [bin, 'serve', ...args], {
    env: { PATH: process.env.PATH ?? '', ...home.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], output: () => output });
      }
    };
    child?.stdout?.on('data', onData);
    child?.stderr?.on('data', onData);
    child?.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

describe('app serve', () => {
  it('starts on the embedded default with no config, binds loopback, and stops cleanly on SIGTERM', async () => {
    const { url } = await start(['--port', '0']);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok', mode: 'autopilot' });
    // The built dashboard is served at the root.
    const page = await fetch(`${url}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);

    expect(existsSync(`${home.dir}/app.db`)).toBe(true);
    expect(statSync(`${home.dir}/app.db`).mode & 0o777).toBe(0o600);

    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
    child?.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('warns about a policy entry that names no tool, with the nearest tool', async () => {
    const { output } = await start(['--port', '0'], {
      APP_MCP_POLICY__REQUIRE_APPROVAL_FOR: 'post_tweet,post_twet',
    });
    expect(output()).toContain(
      "warning: mcp_policy.require_approval_for[1]: 'post_twet' names no tool (did you mean post_tweet?); this entry has no effect",
    );
  });

  it('SIGTERM lets an in-flight upload finish before the process exits', async () => {
    const { url } = await start(['--port', '0']);
    const { readFileSync } = await import('node:fs');
    const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
    const { HEADERS } = await import('../support/media-files.js');
    const boundary = 'x-boundary';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.png"\r\ncontent-type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const body = new ReadableStream({
      async start(controller) {
        controller.enqueue(head);
        controller.enqueue(HEADERS.png.subarray(0, 20));
        await gate;
        controller.enqueue(HEADERS.png.subarray(20));
        controller.enqueue(tail);
        controller.close();
      },
    });
    const upload = fetch(`${url}/api/media/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
    child?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const response = await upload;
    expect(response.status).toBe(201);
    expect(await exited).toBe(0);
  });

  it('refuses to start on an invalid config with exit 2', async () => {
    home.writeConfig('[server]\nport = "web"\n');
    await expect(start([])).rejects.toThrow(/exited with 2[\s\S]*server\.port/);
  });
});
