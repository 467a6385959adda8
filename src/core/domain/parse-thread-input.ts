// Turns the two accepted thread forms (spec "Thread data") into ThreadBlocks: `blocks` (an array or a
// `{version: 1, blocks}` payload) and the legacy `content`, a JSON-stringified array of card texts.
import type { z } from 'zod';
import {
  type ContentProblem,
  type ThreadBlock,
  ThreadBlockInputSchema,
  ThreadBlocksPayloadInputSchema,
} from '../../contracts/content.js';

export interface ThreadInput {
  /** Legacy form: JSON-stringified array of card texts. */
  content?: string;
  /** ThreadBlock-like objects, or a whole `{version: 1, blocks}` payload. Wins over `content`. */
  blocks?: unknown;
}

export type ParsedThreadInput =
  | { ok: true; blocks: ThreadBlock[]; source: 'blocks' | 'legacy' }
  | { ok: false; problems: ContentProblem[] };

const BlockListSchema = ThreadBlockInputSchema.array();

/** A card sent without `order` takes its position in the array. */
const withOrder = (blocks: ReadonlyArray<z.output<typeof ThreadBlockInputSchema>>): ThreadBlock[] =>
  blocks.map((block, index) => ({ ...block, order: block.order ?? index }));

/**
 * Reads a thread from compose/draft input. `blocks` takes precedence over `content` when present (not
 * `undefined`/`null`); a card without `order` takes its array position; legacy cards get fresh ids from
 * `newId`, their index as order and no media. Shape errors come back as `malformed` problems naming the
 * index and field; the returned blocks are sorted by `order` but not otherwise validated (`validateThread`).
 */
export function parseThreadInput(input: ThreadInput, newId: () => string): ParsedThreadInput {
  if (input.blocks !== undefined && input.blocks !== null) return parseBlocks(input.blocks);
  if (input.content !== undefined) return parseLegacy(input.content, newId);
  return fail('a thread needs `blocks` or `content` (a JSON array of card texts)');
}

/** Blocks in thread order; ties keep their input order (Array.prototype.sort is stable). */
export function sortBlocks(blocks: readonly ThreadBlock[]): ThreadBlock[] {
  return [...blocks].sort((a, b) => a.order - b.order);
}

function parseBlocks(raw: unknown): ParsedThreadInput {
  const isPayload = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  if (isPayload) {
    const parsed = ThreadBlocksPayloadInputSchema.safeParse(raw);
    if (!parsed.success) return { ok: false, problems: issuesToProblems(parsed.error.issues, []) };
    return { ok: true, blocks: sortBlocks(withOrder(parsed.data.blocks)), source: 'blocks' };
  }
  if (!Array.isArray(raw)) {
    return fail(
      `blocks must be an array of ThreadBlock or a {version: 1, blocks} payload (got ${describe(raw)})`,
    );
  }
  const parsed = BlockListSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: issuesToProblems(parsed.error.issues, ['blocks']) };
  return { ok: true, blocks: sortBlocks(withOrder(parsed.data)), source: 'blocks' };
}

function parseLegacy(content: string, newId: () => string): ParsedThreadInput {
  let texts: unknown;
  try {
    texts = JSON.parse(content);
  } catch {
    return fail('content is not valid JSON; a thread needs a JSON array of card texts');
  }
  if (!Array.isArray(texts)) {
    return fail(`content must be a JSON array of card texts (got ${describe(texts)})`);
  }
  const problems: ContentProblem[] = [];
  texts.forEach((text, card) => {
    if (typeof text !== 'string') {
      problems.push({
        rule: 'malformed',
        message: `content[${card}] (card ${card + 1}): expected a string, got ${describe(text)}`,
        card,
      });
    }
  });
  if (problems.length > 0) return { ok: false, problems };
  const blocks = (texts as string[]).map((text, order) => ({ id: newId(), text, media_paths: [], order }));
  return { ok: true, blocks, source: 'legacy' };
}

/** One `malformed` problem per schema issue, e.g. "blocks[1].text (card 2): Invalid input: expected string…". */
function issuesToProblems(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]): ContentProblem[] {
  return issues.map((issue) => {
    const path = [...prefix, ...issue.path];
    const blocksAt = path.indexOf('blocks');
    const index = path[blocksAt + 1];
    const card = blocksAt >= 0 && typeof index === 'number' ? index : undefined;
    const where = formatPath(path) || 'blocks';
    const label = card === undefined ? where : `${where} (card ${card + 1})`;
    const problem: ContentProblem = { rule: 'malformed', message: `${label}: ${issue.message}` };
    if (card !== undefined) problem.card = card;
    return problem;
  });
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    const name = String(key);
    return out === '' ? name : `${out}.${name}`;
  }, '');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function fail(message: string): ParsedThreadInput {
  return { ok: false, problems: [{ rule: 'malformed', message }] };
}
