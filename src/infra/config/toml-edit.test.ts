import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { removeTomlKey, setTomlValue } from './toml-edit.js';

const ORIGINAL = `# My settings, hand-tuned
mode = "autopilot" # switch to composer on weekends

# --- who we are ---
[business]
product_name = "Acme"   # the brand
product_keywords = [
  "cli",   # main one
  "rust",
]

# limits are deliberately low
[limits]
max_replies_per_day = 5
`;

describe('setTomlValue', () => {
  it('replaces a value in place and keeps its trailing comment and every other line', () => {
    const edited = setTomlValue(ORIGINAL, ['limits', 'max_replies_per_day'], 3);
    expect(edited).toBe(ORIGINAL.replace('max_replies_per_day = 5', 'max_replies_per_day = 3'));
    const top = setTomlValue(ORIGINAL, ['mode'], 'composer');
    expect(top).toBe(
      ORIGINAL.replace(
        'mode = "autopilot" # switch to composer on weekends',
        'mode = "composer"  # switch to composer on weekends',
      ),
    );
  });

  it('replaces a multi-line array as a whole', () => {
    const edited = setTomlValue(ORIGINAL, ['business', 'product_keywords'], ['go']);
    expect((parse(edited) as { business: { product_keywords: string[] } }).business.product_keywords).toEqual(
      ['go'],
    );
    expect(edited).toContain('product_keywords = [ "go" ]\n\n# limits are deliberately low\n[limits]');
  });

  it('adds a key after the last key of its table, before the next table’s comment', () => {
    const edited = setTomlValue(ORIGINAL, ['business', 'brand_voice'], 'dry, exact');
    expect(edited).toContain('  "rust",\n]\nbrand_voice = "dry, exact"\n\n# limits are deliberately low');
  });

  it('adds a top-level key above the first table, and a missing table at the end', () => {
    const top = setTomlValue(ORIGINAL, ['approval_mode'], false);
    expect(
      top.startsWith(
        '# My settings, hand-tuned\nmode = "autopilot" # switch to composer on weekends\napproval_mode = false\n',
      ),
    ).toBe(true);
    const table = setTomlValue(ORIGINAL, ['connectors', 'cloud_drive', 'client_id'], 'abc');
    expect(table).toBe(`${ORIGINAL}\n[connectors.cloud_drive]\nclient_id = "abc"\n`);
  });

  it('escapes strings so the result still parses to the exact value', () => {
    const tricky = 'say "hi" # not a comment\\n';
    const edited = setTomlValue(ORIGINAL, ['business', 'product_name'], tricky);
    expect((parse(edited) as { business: { product_name: string } }).business.product_name).toBe(tricky);
  });

  it('refuses edits it cannot verify instead of corrupting the file', () => {
    const inline = 'business = { product_name = "Acme" }\n';
    expect(() => setTomlValue(inline, ['business', 'product_name'], 'Other')).toThrow(AppError);
  });
});

describe('removeTomlKey', () => {
  it('removes a key with all the lines of its value', () => {
    const edited = removeTomlKey(ORIGINAL, ['business', 'product_keywords']);
    expect(edited).not.toContain('rust');
    expect(edited).toContain('product_name = "Acme"   # the brand\n\n# limits are deliberately low');
    expect(removeTomlKey(ORIGINAL, ['business', 'brand_voice'])).toBe(ORIGINAL);
  });
});

describe('multi-line values with brackets and quotes inside strings', () => {
  it('finds the true end of an array whose strings hold brackets, quotes and #', () => {
    const text = '[limits]\nbanned_phrases = [\n  "a ] \\" [ # b",\n  \'c ]\',\n]\nmax_tweets_per_day = 4\n';
    const edited = setTomlValue(text, ['limits', 'banned_phrases'], ['x']);
    expect(edited).toBe('[limits]\nbanned_phrases = [ "x" ]\nmax_tweets_per_day = 4\n');
  });
});

describe('setTomlValue on [[array of tables]]', () => {
  const SOURCES = `mode = "composer"

# my vault
[[content_sources.sources]]
source_type = "local_fs"
path = "~/vault"  # the main one

# the shared drive
[[content_sources.sources]]
source_type = "cloud_drive"
folder_id = "abc"

[limits]
max_replies_per_day = 5
`;
  const sources = (text: string) =>
    (parse(text) as { content_sources: { sources: unknown } }).content_sources.sources;

  it('edits changed keys in place, keeping each block and its comments', () => {
    const edited = setTomlValue(
      SOURCES,
      ['content_sources', 'sources'],
      [
        { source_type: 'local_fs', path: '~/vault' },
        { source_type: 'cloud_drive', folder_id: 'abc', connection_id: 1 },
      ],
    );
    expect(edited).toBe(SOURCES.replace('folder_id = "abc"\n', 'folder_id = "abc"\nconnection_id = 1\n'));
  });

  it('appends new entries as blocks and removes dropped ones, leaving the rest of the file', () => {
    const appended = setTomlValue(
      SOURCES,
      ['content_sources', 'sources'],
      [
        { source_type: 'local_fs', path: '~/vault' },
        { source_type: 'cloud_drive', folder_id: 'abc' },
        { source_type: 'cloud_drive', connection_id: 2 },
      ],
    );
    expect(appended).toBe(
      `${SOURCES}\n[[content_sources.sources]]\nsource_type = "cloud_drive"\nconnection_id = 2\n`,
    );
    expect((parse(appended) as { limits: unknown }).limits).toEqual({ max_replies_per_day: 5 });

    const dropped = setTomlValue(
      SOURCES,
      ['content_sources', 'sources'],
      [{ source_type: 'local_fs', path: '~/notes' }],
    );
    expect(sources(dropped)).toEqual([{ source_type: 'local_fs', path: '~/notes' }]);
    expect(dropped).toContain('path = "~/notes"  # the main one');
    expect(dropped).toContain('# the shared drive\n\n[limits]');

    const none = setTomlValue(SOURCES, ['content_sources', 'sources'], []);
    expect(sources(none)).toEqual([]);
    expect((parse(none) as { mode: string }).mode).toBe('composer');
  });
});
