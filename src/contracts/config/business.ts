// [business]: the product profile, discovery keywords and the voice/persona used by every generation.
import { z } from 'zod';
import { HttpUrlSchema, NonEmptyTextSchema, StringListSchema } from './common.js';

export const BusinessSchema = z.object({
  product_name: NonEmptyTextSchema.optional().describe('Product or brand name. Required (quickstart field).'),
  product_keywords: StringListSchema.default([]).describe(
    'Discovery keywords: what people say when they need your product. Required (quickstart field).',
  ),
  product_description: z.string().trim().default('').describe('One-line description used in prompts.'),
  product_url: HttpUrlSchema.optional().describe('Product URL, used when a reply may mention the product.'),
  target_audience: z
    .string()
    .trim()
    .default('')
    .describe('Who you write for; adds an audience line to prompts.'),
  competitor_keywords: StringListSchema.default([]).describe(
    'Competitor names and keywords (enrichment: Targeting).',
  ),
  industry_topics: StringListSchema.default([]).describe(
    'Topics for original posts; empty means the product keywords are used.',
  ),
  brand_voice: NonEmptyTextSchema.optional().describe('Voice and personality (enrichment: Voice).'),
  reply_style: NonEmptyTextSchema.optional().describe('How replies should sound (enrichment: Voice).'),
  content_style: NonEmptyTextSchema.optional().describe(
    'How original posts should sound (enrichment: Voice).',
  ),
  persona_opinions: StringListSchema.default([]).describe('Opinions you hold (enrichment: Persona).'),
  persona_experiences: StringListSchema.default([]).describe(
    'Experiences you can reference (enrichment: Persona).',
  ),
  content_pillars: StringListSchema.default([]).describe(
    'Content pillars; up to 3 are shown (enrichment: Persona).',
  ),
});
