// Parameter schemas many tools share (ids, page sizes, pagination), so every tool describes them alike.
import { z } from 'zod';

/** A platform object id: digits only (posts, users, lists, DM conversations use snowflake ids). */
export const platformId = (description: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'must be a numeric platform id')
    .describe(description);

export const maxResults = (min: number, max: number, fallback?: number) => {
  const schema = z.number().int().min(min).max(max);
  return (fallback === undefined ? schema.optional() : schema.default(fallback)).describe(
    `Results per page (${min}-${max}).`,
  );
};

export const paginationToken = z
  .string()
  .trim()
  .min(1)
  .optional()
  .describe('next_token from the previous page.');

export const sinceId = platformId('Only results newer than this post id.').optional();
