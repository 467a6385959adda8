import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.js';
import { verifiedEdit } from './app-list-yaml.js';
import { appendEntry, type Fields, setEntryFields } from './edit-app-list.js';

const ENTRY: Fields = [
  ['tweet_id', '1234567890123456789'],
  ['url', 'https://x.com/i/status/1234567890123456789'],
  ['published_at', '2025-03-04T05:06:07Z'],
  ['type', 'tweet'],
  ['status', 'posted'],
];
const ENTRY_LINES = (pad: string) =>
  `${pad}- tweet_id: "1234567890123456789"\n` +
  `${pad}  url: https://x.com/i/status/1234567890123456789\n` +
  `${pad}  published_at: "2025-03-04T05:06:07Z"\n` +
  `${pad}  type: tweet\n` +
  `${pad}  status: posted\n`;

const append = (yaml: string) => appendEntry(yaml, '\n', '1234567890123456789', ENTRY);

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('appendEntry', () => {
  it('creates the key at the end of the front-matter, after trailing comments', () => {
    const yaml = 'title: A\n# last words\n';
    expect(append(yaml)).toBe(`${yaml}app:\n${ENTRY_LINES('  ')}`);
  });

  it('writes into an empty or comment-only front-matter', () => {
    expect(append('')).toBe(`app:\n${ENTRY_LINES('  ')}`);
    expect(append('# only a comment\n')).toBe(`# only a comment\napp:\n${ENTRY_LINES('  ')}`);
  });

  it('appends after the last item of an indented list, before comments and keys that follow', () => {
    const head = 'app:\n  - tweet_id: "1"\n    url: https://x.com/i/status/1 # mine\n';
    const tail = '  # a comment in the list\nother: 1\n';
    expect(append(head + tail)).toBe(head + ENTRY_LINES('  ') + tail);
  });

  it('follows a list written without indentation', () => {
    const yaml = "app:\n- tweet_id: '1'\n  type: tweet\nz: 2\n";
    expect(append(yaml)).toBe(`app:\n- tweet_id: '1'\n  type: tweet\n${ENTRY_LINES('')}z: 2\n`);
  });

  it('fills an `app:` that has no value yet, keeping its comment', () => {
    expect(append('app: # posts go here\nz: 1\n')).toBe(`app: # posts go here\n${ENTRY_LINES('  ')}z: 1\n`);
  });

  it('re-renders only the app pair for a flow list, keeping the other lines', () => {
    const out = append('a: 1\napp: [] # note\nz: 2\n');
    expect(out).toBe(`a: 1\napp:\n${ENTRY_LINES('  ')}  # note\nz: 2\n`);
  });

  it('re-renders an explicit null as a list', () => {
    expect(append('app: ~\nz: 2\n')).toBe(`app:\n${ENTRY_LINES('  ')}z: 2\n`);
  });

  it('is idempotent per tweet_id, quoted or not, even past 2^53', () => {
    expect(append('app:\n  - tweet_id: "1234567890123456789"\n')).toBeNull();
    expect(append('app:\n  - tweet_id: 1234567890123456789\n')).toBeNull();
    expect(append("app:\n  - {tweet_id: '1234567890123456789'}\n")).toBeNull();
  });

  it('appends after an entry ending in a block scalar without changing the scalar', () => {
    const head = 'app:\n  - tweet_id: "1"\n    note: |+\n      kept\n\n';
    expect(append(`${head}z: 1\n`)).toBe(`${head}${ENTRY_LINES('  ')}z: 1\n`);
  });

  it('keeps the indentation of an indented top-level mapping', () => {
    expect(append('  title: A\n  tags: [x]\n')).toBe(
      `  title: A\n  tags: [x]\n  app:\n${ENTRY_LINES('    ')}`,
    );
  });

  it('uses the line ending it is given', () => {
    const out = appendEntry('title: A\r\n', '\r\n', '1234567890123456789', ENTRY);
    expect(out).toBe(`title: A\r\napp:\r\n${ENTRY_LINES('  ').replaceAll('\n', '\r\n')}`);
  });

  it.each([
    ['invalid YAML', 'title: [unclosed\n', 'invalid_yaml'],
    ['a duplicate key', 'a: 1\na: 2\n', 'invalid_yaml'],
    ['a list at the top', '- a\n- b\n', 'not_a_mapping'],
    ['a scalar at the top', 'just words\n', 'not_a_mapping'],
    ['a flow mapping at the top', '{a: 1}\n', 'flow_mapping'],
    ['app as a string', 'app: posted somewhere\n', 'app_not_a_list'],
    ['app as a mapping', 'app:\n  tweet_id: "1"\n', 'app_not_a_list'],
    ['app as an alias', 'x: &a [1]\napp: *a\n', 'app_not_a_list'],
  ])('refuses %s', (_name, yaml, reason) => {
    const error = refusal(() => append(yaml));
    expect(error.code).toBe('validation_error');
    expect(error.message).toContain('loop-back skipped');
    expect(error.details).toMatchObject({ reason });
  });

  it('refuses front-matter expanding aliases without end', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      bomb.push(
        `${name}: &${name} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`,
      );
    }
    expect(refusal(() => append(`${bomb.join('\n')}\n`)).details).toMatchObject({ reason: 'invalid_yaml' });
  });
});

const METRICS: Fields = [
  ['impressions', 1500],
  ['likes', 42],
  ['performance_score', 12.5],
  ['synced_at', '2025-03-05T00:00:00Z'],
];
const always = () => true;

describe('setEntryFields', () => {
  it('adds missing fields after the entry, at its keys’ column', () => {
    const yaml = 'app:\n  - tweet_id: "1"\n    type: tweet\n  - tweet_id: "2"\n    type: reply # r\nz: 1\n';
    expect(setEntryFields(yaml, '\n', '1', METRICS, always)).toBe(
      'app:\n  - tweet_id: "1"\n    type: tweet\n' +
        '    impressions: 1500\n    likes: 42\n    performance_score: 12.5\n    synced_at: "2025-03-05T00:00:00Z"\n' +
        '  - tweet_id: "2"\n    type: reply # r\nz: 1\n',
    );
  });

  it('replaces existing values in place, keeping comments and the rest of the line', () => {
    const yaml =
      'app:\n  - tweet_id: 2\n    impressions: 10   # seen\n    likes: 1\n    performance_score: 0\n' +
      "    synced_at: '2025-01-01T00:00:00Z'\n";
    expect(setEntryFields(yaml, '\n', '2', METRICS, always)).toBe(
      'app:\n  - tweet_id: 2\n    impressions: 1500   # seen\n    likes: 42\n    performance_score: 12.5\n' +
        '    synced_at: "2025-03-05T00:00:00Z"\n',
    );
  });

  it('fills keys written without a value', () => {
    const yaml = 'app:\r\n  - tweet_id: "1"\r\n    impressions:\r\n';
    expect(setEntryFields(yaml, '\r\n', '1', [['impressions', 7]], always)).toBe(
      'app:\r\n  - tweet_id: "1"\r\n    impressions: 7\r\n',
    );
  });

  it('re-renders the list when the entry is a flow mapping', () => {
    const yaml = "t: 1\napp:\n  - {tweet_id: '1', likes: 3}\nz: 1\n";
    expect(setEntryFields(yaml, '\n', '1', [['likes', 4]], always)).toBe(
      "t: 1\napp:\n  - { tweet_id: '1', likes: 4 }\nz: 1\n",
    );
  });

  it('returns null when nothing changed', () => {
    expect(setEntryFields('app:\n  - tweet_id: "1"\n', '\n', '1', METRICS, () => false)).toBeNull();
  });

  it('answers not_found for an unknown post', () => {
    const yaml = 'app:\n  - tweet_id: "1"\n';
    expect(refusal(() => setEntryFields(yaml, '\n', '9', METRICS, always)).code).toBe('not_found');
    expect(refusal(() => setEntryFields('title: x\n', '\n', '9', METRICS, always)).code).toBe('not_found');
  });
});

describe('verifiedEdit', () => {
  it('passes an edit that reads back as expected, numbers compared by value', () => {
    expect(verifiedEdit('a: 5\nb: [x]\n', { a: 5, b: ['x'] })).toBe('a: 5\nb: [x]\n');
  });

  it.each([
    ['a changed value', 'a: 6\n'],
    ['a lost key', 'b: 1\n'],
    ['broken YAML', 'a: [5\n'],
  ])('refuses %s (the file is then never written)', (_name, edited) => {
    const error = refusal(() => verifiedEdit(edited, { a: 5 }));
    expect(error.code).toBe('internal');
    expect(error.details).toMatchObject({ reason: 'edit_not_verified' });
  });
});
