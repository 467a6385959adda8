import { describe, expect, it } from 'vitest';
import { filePatternProblem, loopBackTargetProblem } from './note-files.js';

describe('filePatternProblem', () => {
  it('accepts note files by text extension', () => {
    for (const pattern of ['*.md', '*.txt', '*.markdown', '*.org', '*.rst', '**/*.MD', 'journal-*.txt'])
      expect(filePatternProblem(pattern)).toBeUndefined();
  });

  it('refuses patterns without an extension, key and credential files, dot-files and negations', () => {
    expect(filePatternProblem('passwd')).toMatch(/^'passwd' has no file extension/);
    expect(filePatternProblem('*')).toMatch(/has no file extension/);
    for (const pattern of [
      '*.pem',
      '*.key',
      'id_rsa*',
      'id_ed25519.pub',
      '*.p12',
      '*.pfx',
      '*.kdbx',
      'credentials*',
    ])
      expect(filePatternProblem(pattern)).toMatch(/names key or credential files/);
    expect(filePatternProblem('.env*')).toMatch(/dot-files/);
    expect(filePatternProblem('!*.md')).toMatch(/negated/);
  });

  it('wants the extension spelled out, and a note format', () => {
    for (const pattern of ['*.*', '*.m?', '*.{md,txt}', 'passwd{,.md}', '*.@(md|pem)'])
      expect(filePatternProblem(pattern)).toMatch(/name the extension exactly/);
    expect(filePatternProblem('*.json')).toMatch(/^'\*\.json' is not a note file type/);
    expect(filePatternProblem('*.sh')).toMatch(/is not a note file type/);
  });
});

describe('loopBackTargetProblem', () => {
  it('allows Markdown notes only, outside dot-folders', () => {
    expect(loopBackTargetProblem('ideas/a.md')).toBeUndefined();
    expect(loopBackTargetProblem('B.Markdown')).toBeUndefined();
    expect(loopBackTargetProblem('profile')?.reason).toBe('not_markdown');
    expect(loopBackTargetProblem('notes.txt')?.reason).toBe('not_markdown');
    expect(loopBackTargetProblem('.profile.md')?.reason).toBe('dot_file');
    expect(loopBackTargetProblem('.obsidian/a.md')?.reason).toBe('dot_file');
  });
});
