import { describe, expect, it } from 'vitest';
import { textLines } from './text-lines.js';

describe('textLines', () => {
  it('splits LF and CRLF alike, keeping a lone CR inside a line and empty lines', () => {
    expect(textLines('a\r\nb\n\nc\rd\r\n')).toEqual(['a', 'b', '', 'c\rd', '']);
    expect(textLines('')).toEqual(['']);
  });
});
