// A note's text as the pipeline stores it: front-matter split off, title and tags read from it (YAML), the
// body with LF line ends (and no lone surrogates) cut into fragments, and the SHA-256 of the whole text that decides whether anything
// changed (of the file as it is, so a change of line ends alone is a change).
import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { chunkMarkdown } from '../../domain/chunk-markdown.js';
import { splitFrontMatter } from '../../domain/front-matter.js';
import { lfLineEnds, wellFormed } from '../../domain/text-lines.js';

export interface ParsedNote {
  title: string | null;
  tags: string[];
  body: string;
  frontMatter: string | null;
  /** Spans of `body` (UTF-16 offsets) with the SHA-256 of their text. */
  fragments: Array<{ headingPath: string; start: number; end: number; hash: string }>;
  /** Front-matter that is not valid YAML: the note is stored, without title and tags, and this is reported. */
  problem?: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function tagsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list.map((tag) => String(tag).trim()).filter((tag) => tag !== '');
}

export function parseNote(
  text: string,
  fallback: { title?: string; tags?: readonly string[] } = {},
): ParsedNote {
  const split = splitFrontMatter(text);
  const { frontMatter } = split;
  const body = wellFormed(lfLineEnds(split.body));
  let meta: Record<string, unknown> = {};
  let problem: string | undefined;
  if (frontMatter) {
    try {
      const parsed: unknown = parseYaml(frontMatter, { maxAliasCount: 100 });
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        meta = parsed as Record<string, unknown>;
    } catch (error) {
      problem = `front-matter is not valid YAML (${(error as Error).message.split('\n')[0]}); title and tags not read`;
    }
  }
  const title =
    typeof meta.title === 'string' && meta.title.trim() ? meta.title.trim() : (fallback.title ?? null);
  const tags = meta.tags === undefined ? [...(fallback.tags ?? [])] : tagsOf(meta.tags);
  return {
    title,
    tags,
    body,
    frontMatter,
    fragments: chunkMarkdown(body).map((f) => ({
      headingPath: f.headingPath,
      start: f.start,
      end: f.end,
      hash: sha256(f.text),
    })),
    ...(problem ? { problem } : {}),
  };
}
