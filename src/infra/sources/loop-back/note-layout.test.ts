import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.js';
import { decodeNote, editFrontMatter, layoutOf } from './note-layout.js';

describe('layoutOf', () => {
  it('finds the YAML between the fences', () => {
    const text = '---\na: 1\n---\nbody\n';
    expect(layoutOf(text)).toEqual({ bomLength: 0, eol: '\n', frontMatter: { start: 4, end: 9 } });
  });

  it('takes the line ending and the BOM into account', () => {
    const text = '\uFEFF---  \r\na: 1\r\n---\t\r\nbody';
    const layout = layoutOf(text);
    expect(layout.bomLength).toBe(1);
    expect(layout.eol).toBe('\r\n');
    const fm = layout.frontMatter;
    expect(fm && text.slice(fm.start, fm.end)).toBe('a: 1\r\n');
  });

  it('reads an empty front-matter and one closed at the end of the file', () => {
    expect(layoutOf('---\n---\n').frontMatter).toEqual({ start: 4, end: 4 });
    expect(layoutOf('---\na: 1\n---').frontMatter).toEqual({ start: 4, end: 9 });
  });

  it('sees no front-matter unless the first line is a fence', () => {
    expect(layoutOf('# Title\r\n---\r\n').frontMatter).toBeNull();
    expect(layoutOf('# Title\r\n').eol).toBe('\r\n');
    expect(layoutOf('----\nx\n----\n').frontMatter).toBeNull();
    expect(layoutOf('').frontMatter).toBeNull();
  });

  it('refuses a front-matter that is never closed', () => {
    expect(() => layoutOf('---\na: 1\n')).toThrow(AppError);
    expect(() => layoutOf('---\na: 1\n----\n')).toThrow(/no closing --- line; loop-back skipped/);
  });
});

describe('editFrontMatter', () => {
  it('replaces only the YAML', () => {
    expect(editFrontMatter('\uFEFF---\na: 1\n---\nbody', (yaml) => `${yaml}b: 2\n`)).toBe(
      '\uFEFF---\na: 1\nb: 2\n---\nbody',
    );
  });

  it('prepends a front-matter after the BOM when there is none', () => {
    expect(editFrontMatter('\uFEFFbody\r\n', (_yaml, eol) => `b: 2${eol}`)).toBe(
      '\uFEFF---\r\nb: 2\r\n---\r\nbody\r\n',
    );
  });

  it('returns null when the edit does', () => {
    expect(editFrontMatter('body', () => null)).toBeNull();
  });
});

describe('decodeNote', () => {
  it('keeps the BOM and round-trips the bytes exactly', () => {
    const bytes = Buffer.from('\uFEFF---\nt: é🎉\n---\n', 'utf8');
    const text = decodeNote(bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(Buffer.from(text, 'utf8').equals(bytes)).toBe(true);
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(() => decodeNote(Buffer.from([0x61, 0xc3]))).toThrow(/not valid UTF-8; loop-back skipped/);
  });
});
