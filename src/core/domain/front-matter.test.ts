import { describe, expect, it } from 'vitest';
import { chunkMarkdown } from './chunk-markdown.js';
import { splitFrontMatter } from './front-matter.js';
import { lfLineEnds } from './text-lines.js';

describe('splitFrontMatter', () => {
  it('splits YAML front-matter from the body', () => {
    expect(splitFrontMatter('---\ntitle: A\ntags: [x]\n---\nBody\n')).toEqual({
      frontMatter: 'title: A\ntags: [x]',
      body: 'Body\n',
    });
  });

  it('tolerates CRLF and a BOM; an empty front-matter is still one', () => {
    expect(splitFrontMatter('\uFEFF---\r\ntitle: A\r\n---\r\nBody')).toEqual({
      frontMatter: 'title: A',
      body: 'Body',
    });
    expect(splitFrontMatter('---\n---\nBody')).toEqual({ frontMatter: '', body: 'Body' });
  });

  it('without a closing delimiter, or not at the very start, everything is body', () => {
    expect(splitFrontMatter('---\ntitle: A\nno end')).toEqual({
      frontMatter: null,
      body: '---\ntitle: A\nno end',
    });
    expect(splitFrontMatter('Intro\n---\nx: 1\n---\n')).toEqual({
      frontMatter: null,
      body: 'Intro\n---\nx: 1\n---\n',
    });
    expect(splitFrontMatter('no front matter')).toEqual({ frontMatter: null, body: 'no front matter' });
  });
});

describe('chunkMarkdown', () => {
  // The fields a reader sees; the offsets are checked against the text they cut below.
  const seen = (body: string) =>
    chunkMarkdown(body).map(({ headingPath, text, index }) => ({ headingPath, text, index }));

  it('cuts at headings with their path; text before the first heading has an empty path', () => {
    const body = 'Intro line\n\n# Title\nAbout\n## Part\nDetails\n### Deep\nMore\n## Other\nLast\n# Second\n';
    expect(seen(body)).toEqual([
      { headingPath: '', text: 'Intro line', index: 0 },
      { headingPath: '# Title', text: 'About', index: 1 },
      { headingPath: '# Title/## Part', text: 'Details', index: 2 },
      { headingPath: '# Title/## Part/### Deep', text: 'More', index: 3 },
      { headingPath: '# Title/## Other', text: 'Last', index: 4 },
    ]);
  });

  it('ignores headings inside fenced code and drops blank fragments', () => {
    const body = '# Code\n```sh\n# not a heading\necho hi\n```\n~~~\n## nor this\n~~~\n# Empty\n\n   \n';
    expect(seen(body)).toEqual([
      {
        headingPath: '# Code',
        text: '```sh\n# not a heading\necho hi\n```\n~~~\n## nor this\n~~~',
        index: 0,
      },
    ]);
  });

  it('CRLF text and headings with closing hashes', () => {
    expect(seen('## Part ##\r\nText\r\n')).toEqual([{ headingPath: '## Part', text: 'Text', index: 0 }]);
  });

  it('each fragment is the span of the LF body its offsets give', () => {
    const bodies: Array<[string, number]> = [
      ['  \n lead \n# A\r\n\r\n  one\r\n two  \r\n## B ##\r\n\tthree\r', 3],
      ['# Emoji 🎉\n🎉 party 🎉\n## Next\nafter 🎉\n```\n# fenced\n```\n', 2],
      ['no headings at all\nsecond line', 1],
      ['# Only a heading', 0],
    ];
    for (const [body, count] of bodies) {
      const lf = lfLineEnds(body);
      const fragments = chunkMarkdown(body);
      expect(fragments).toHaveLength(count);
      for (const fragment of fragments) {
        expect(lf.slice(fragment.start, fragment.end)).toBe(fragment.text);
        expect(fragment.text).toBe(fragment.text.trim());
        expect(fragment.text).not.toContain('\r');
      }
    }
  });
});
