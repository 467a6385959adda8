import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.js';
import type { PostMetrics } from './loop-back-entry.js';
import { recordMetrics } from './record-metrics.js';
import { recordPublished } from './record-published.js';

const METRICS: PostMetrics = {
  impressions: 1500,
  likes: 42,
  performance_score: 12.5,
  synced_at: '2025-03-05T00:00:00Z',
};
const METRIC_LINES = [
  '    impressions: 1500',
  '    likes: 42',
  '    performance_score: 12.5',
  '    synced_at: "2025-03-05T00:00:00Z"',
];
const metricText = (eol = '\n') => METRIC_LINES.map((line) => line + eol).join('');

const HEAD = [
  '---',
  "title: 'kept'  # comment",
  'app:',
  '  - tweet_id: "111"',
  '    url: https://x.com/i/status/111',
  '    type: tweet',
  '    status: posted',
  '',
].join('\n');
const TAIL = ['  - tweet_id: "222"', '    type: reply', 'z: [1,  2]', '---', 'body without newline'].join(
  '\n',
);

let root: string;
const past = new Date('2020-01-01T00:00:00Z');

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'loop-back-metrics-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function note(content: string): Promise<string> {
  const path = join(root, 'n.md');
  await writeFile(path, content);
  await utimes(path, past, past);
  return path;
}

async function expectUntouched(path: string, content: string): Promise<void> {
  expect(await readFile(path, 'utf8')).toBe(content);
  expect((await stat(path)).mtime.getTime()).toBe(past.getTime());
}

const metrics = (path: string, id: string, values: PostMetrics = METRICS) =>
  recordMetrics(path, id, values, { sourceRoot: root });

describe('recordMetrics', () => {
  it('adds the metrics to the entry of that post, every other byte unchanged', async () => {
    const path = await note(HEAD + TAIL);
    expect(await metrics(path, '111')).toMatchObject({ written: true, attempts: 1 });
    expect(await readFile(path, 'utf8')).toBe(HEAD + metricText() + TAIL);
    expect(await readdir(root)).toEqual(['n.md']);
  });

  it('updates values in place on the next sync, CRLF kept', async () => {
    const withMetrics = (HEAD + metricText() + TAIL).replaceAll('\n', '\r\n');
    const path = await note(withMetrics);
    const next = { impressions: 2000, likes: 50, performance_score: 20, synced_at: '2025-03-06T00:00:00Z' };
    await metrics(path, '111', next);
    expect(await readFile(path, 'utf8')).toBe(
      withMetrics
        .replace('impressions: 1500', 'impressions: 2000')
        .replace('likes: 42', 'likes: 50')
        .replace('performance_score: 12.5', 'performance_score: 20')
        .replace('2025-03-05T00:00:00Z', '2025-03-06T00:00:00Z'),
    );
  });

  it('touches nothing when the measures did not move, even with a newer synced_at', async () => {
    const content = HEAD + metricText() + TAIL;
    const path = await note(content);
    const result = await metrics(path, '111', { ...METRICS, synced_at: '2025-04-01T00:00:00Z' });
    expect(result).toMatchObject({ written: false });
    await expectUntouched(path, content);
  });

  it('fills in only what is missing', async () => {
    const partial = HEAD.replace('    status: posted\n', '    status: posted\n    impressions: 1500\n');
    const path = await note(partial + TAIL);
    await metrics(path, '111');
    expect(await readFile(path, 'utf8')).toBe(
      `${partial}    likes: 42\n    performance_score: 12.5\n    synced_at: "2025-03-05T00:00:00Z"\n${TAIL}`,
    );
  });

  it('adds metrics to an entry recordPublished wrote', async () => {
    const path = await note('# Title\n');
    await recordPublished(
      path,
      {
        tweet_id: '9',
        url: 'https://x.com/i/status/9',
        published_at: '2025-01-01T00:00:00Z',
        type: 'tweet',
        status: 'posted',
      },
      { sourceRoot: root },
    );
    await metrics(path, '9');
    expect(await readFile(path, 'utf8')).toBe(
      '---\napp:\n  - tweet_id: "9"\n    url: https://x.com/i/status/9\n    published_at: "2025-01-01T00:00:00Z"\n' +
        `    type: tweet\n    status: posted\n${metricText()}---\n# Title\n`,
    );
  });

  it('answers not_found for a post without an entry, file untouched', async () => {
    for (const content of [HEAD + TAIL, '---\ntitle: x\n---\n', 'no front-matter\n']) {
      const path = await note(content);
      const error = await metrics(path, '333').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('not_found');
      await expectUntouched(path, content);
    }
  });

  it('refuses invalid YAML and invalid metrics, file untouched', async () => {
    const broken = '---\napp: [unclosed\n---\n';
    const path = await note(broken);
    const error = (await metrics(path, '111').catch((caught: unknown) => caught)) as AppError;
    expect(error.details).toMatchObject({ reason: 'invalid_yaml' });
    await expectUntouched(path, broken);

    const good = await note(HEAD + TAIL);
    const invalid = (await metrics(good, '111', { ...METRICS, likes: -1 }).catch(
      (caught: unknown) => caught,
    )) as AppError;
    expect(invalid.details).toMatchObject({ reason: 'invalid_input' });
    await expectUntouched(good, HEAD + TAIL);
  });

  it('merges with a user edit saved while it wrote', async () => {
    const path = await note(HEAD + TAIL);
    const edited = (HEAD + TAIL).replace("title: 'kept'", "title: 'edited'");
    const result = await recordMetrics(path, '111', METRICS, {
      sourceRoot: root,
      beforeRename: async ({ attempt }) => {
        if (attempt === 1) await writeFile(path, edited);
      },
    });
    expect(result.attempts).toBe(2);
    expect(await readFile(path, 'utf8')).toBe(
      HEAD.replace("title: 'kept'", "title: 'edited'") + metricText() + TAIL,
    );
    expect(await readdir(root)).toEqual(['n.md']);
  });
});
