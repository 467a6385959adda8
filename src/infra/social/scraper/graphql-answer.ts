// Reads a GraphQL answer of the web app: its `data`, the `errors` it sends instead of HTTP statuses,
// and timelines (instructions → entries → results and the bottom cursor).
import { AppError } from '../../../core/errors.js';
import { errorFromPartial, malformedResponse } from '../platform-errors.js';
import { isObject, ShapeError } from './graphql-mapping.js';

interface GraphqlError {
  message?: string;
  code?: number | string;
}

/** Web error codes that mean "that post or user does not exist (any more)". */
const NOT_FOUND_CODES = new Set([8, 34, 50, 63, 144, 421]);
/** Web error codes that mean the signed-in account itself is locked or suspended. */
const RESTRICTED_CODES = new Set([64, 326]);

/**
 * The `data` object of an answer. GraphQL reports failures as HTTP 200 with `errors` and no (or empty)
 * `data`: those become not_found, social_account_restricted or social_api_error.
 */
export function graphqlData(json: unknown, what: string): Record<string, unknown> {
  if (!isObject(json)) throw new ShapeError('the answer is not a JSON object');
  const data = json.data;
  const errors = Array.isArray(json.errors) ? (json.errors as GraphqlError[]) : [];
  const empty = !isObject(data) || Object.keys(data).length === 0;
  if (errors.length > 0 && empty) {
    const first = errors[0] ?? {};
    const code = Number(first.code);
    const detail = first.message ?? 'the platform returned errors and no data';
    const details = { errors };
    if (NOT_FOUND_CODES.has(code)) return notFound(`${what}: ${detail}`, details);
    if (RESTRICTED_CODES.has(code)) {
      throw new AppError('social_account_restricted', `${what}: ${detail}`, { retryable: false, details });
    }
    throw errorFromPartial({ errors: errors.map((e) => ({ message: e.message, code: e.code })) }, what);
  }
  if (data === undefined) throw new ShapeError('no data');
  if (!isObject(data)) throw new ShapeError('data is not an object');
  return data;
}

/** Runs `read` over the answer; a shape it does not recognise becomes social_api_error with an excerpt. */
export function decode<T>(
  answer: { status: number; text: string; json: unknown; what: string },
  read: (json: unknown) => T,
): T {
  try {
    return read(answer.json);
  } catch (error) {
    if (error instanceof ShapeError)
      throw malformedResponse(answer.status, answer.text, answer.what, error.message);
    throw error;
  }
}

/** Throws the not_found error of a post, user or timeline the platform does not have. */
export function notFound(message: string, details?: unknown): never {
  throw new AppError('not_found', message, { retryable: false, details });
}

export interface TimelineItems {
  /** `tweet_results.result` or `user_results.result` of each entry, in timeline order. */
  results: unknown[];
  bottomCursor?: string;
}

/** Collects the entries of a timeline's instructions; ads and unrelated modules are skipped. */
export function readTimeline(instructions: unknown, kind: 'tweet' | 'user'): TimelineItems {
  if (!Array.isArray(instructions)) throw new ShapeError('timeline instructions are not a list');
  const key = kind === 'tweet' ? 'tweet_results' : 'user_results';
  const results: unknown[] = [];
  let bottomCursor: string | undefined;
  const entries: unknown[] = [];
  for (const instruction of instructions) {
    if (!isObject(instruction) || typeof instruction.type !== 'string') {
      throw new ShapeError('a timeline instruction has no type');
    }
    if (instruction.type === 'TimelineAddEntries') {
      if (!Array.isArray(instruction.entries)) throw new ShapeError('TimelineAddEntries without entries');
      entries.push(...instruction.entries);
    } else if (instruction.type === 'TimelineReplaceEntry' && instruction.entry !== undefined) {
      // Later pages replace the cursor entries instead of adding new ones.
      entries.push(instruction.entry);
    }
  }
  for (const entry of entries) {
    if (!isObject(entry) || typeof entry.entryId !== 'string' || !isObject(entry.content)) {
      throw new ShapeError('a timeline entry has no entryId or content');
    }
    const { entryId, content } = entry;
    if (entryId.startsWith('promoted')) continue;
    if (content.cursorType === 'Bottom' || entryId.startsWith('cursor-bottom')) {
      if (typeof content.value !== 'string') throw new ShapeError(`${entryId} has no cursor value`);
      bottomCursor = content.value;
      continue;
    }
    // Single items carry `itemContent`; conversation modules carry `items[].item.itemContent`.
    const items = Array.isArray(content.items)
      ? content.items.map((item) =>
          isObject(item) && isObject(item.item) ? item.item.itemContent : undefined,
        )
      : [content.itemContent];
    for (const itemContent of items) {
      if (!isObject(itemContent) || itemContent.promotedMetadata !== undefined) continue;
      const holder = itemContent[key];
      if (holder === undefined) continue;
      if (!isObject(holder)) throw new ShapeError(`${entryId}: ${key} is not an object`);
      results.push(holder.result);
    }
  }
  return { results, ...(bottomCursor === undefined ? {} : { bottomCursor }) };
}
