// Values for the tool fuzz, on top of the shared hostile arbitraries (fuzz-arbitraries.ts): arguments that
// look valid for a tool's JSON input schema (its patterns, enums, ranges, and ids that exist in the fake
// world, so calls get past the schema), huge strings, and one parameter at a time of the wrong JSON kind.
import fc from 'fast-check';
import type { JsonSchema } from '../../src/surfaces/json-schema-text.js';
import { deepValue, hostileValue as sharedHostile, nastyString as sharedNasty } from './fuzz-arbitraries.js';

export type { JsonSchema };

/** Beyond the shared set: more unicode, paths that must never be read, and strings too long for anything. */
const MORE_STRINGS = [
  'a\uDC00b',
  'ـــ\u0627\u0644\u0639\u0631\u0628\u064A\u0629',
  '🏳️‍🌈🇺🇳',
  'line\r\nInjected: 1',
  '/dev/zero',
  '/proc/self/environ',
  'https://evil.example/',
  'x'.repeat(300_000),
  '🙂'.repeat(60_000),
  '\uD800'.repeat(50_000),
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: sharedNasty },
  { weight: 1, arbitrary: fc.constantFrom(...MORE_STRINGS) },
);

export const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An object whose own keys include the prototype-pollution ones, as JSON.parse builds it off the wire. */
export function pollutingObject(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const text = JSON.stringify(extra).slice(1, -1);
  const hostile =
    '"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}';
  return JSON.parse(`{${hostile}${text ? `,${text}` : ''}}`) as Record<string, unknown>;
}

/**
 * The shared deep values, printed short: fast-check would otherwise overflow the stack describing a
 * counterexample. The marker is a non-enumerable symbol, so the wire (JSON) never sees it.
 */
const deep = deepValue.map((value) => {
  Object.defineProperty(value, fc.toStringMethod, {
    value: () => '<deeply nested value>',
    enumerable: false,
  });
  return value;
});

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: sharedHostile },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.constant(null).map(() => pollutingObject({ a: 1 })) },
  { weight: 1, arbitrary: fc.constant(null).map(() => Array.from({ length: 20_000 }, (_, i) => i)) },
);

/**
 * Ids of real things in the fake world, so valid-looking calls reach past the schema: the first entry whose
 * pattern matches `<tool>.<parameter>` (e.g. `social_v2_lists_get.id`) and has ids wins.
 */
export type KnownIds = ReadonlyArray<{ match: RegExp; ids: readonly string[] }>;

function idPool(context: string, known: KnownIds): readonly string[] {
  return known.find(({ match, ids }) => ids.length > 0 && match.test(context))?.ids ?? [];
}

/** Clean values stay plain (ids of real things, ASCII words); hostile ones mix in the nasty strings. */
type Mode = 'clean' | 'hostile';

function stringFor(name: string, schema: JsonSchema, known: KnownIds, mode: Mode): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  const min = Math.max(schema.minLength ?? 0, 1);
  const max = Math.min(schema.maxLength ?? 300, mode === 'clean' ? 40 : 300);
  const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  const pool = idPool(name, known);
  if (mode === 'clean' && pool.length > 0) return fc.constantFrom(...pool);
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<string> }> = [];
  if (pool.length > 0) options.push({ weight: 4, arbitrary: fc.constantFrom(...pool) });
  if (schema.format === 'date-time' || /time|_at$|date/.test(name.split('.').pop() ?? '')) {
    const around = Date.parse('2026-11-22T12:00:00Z');
    const dates = fc.integer({ min: around - 30 * 86_400_000, max: around + 30 * 86_400_000 });
    options.push({ weight: 3, arbitrary: dates.map((ms) => new Date(ms).toISOString()) });
  } else if (schema.pattern) {
    try {
      const matching = fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= 200 && fits(s));
      options.push({ weight: 3, arbitrary: matching });
    } catch {
      // A pattern fast-check cannot generate from: the other options only.
    }
  } else if (mode === 'clean') {
    const word = fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
      minLength: 3,
      maxLength: 8,
    });
    options.push({
      weight: 3,
      arbitrary: fc
        .array(word, { minLength: 1, maxLength: 4 })
        .map((w) => w.join(' '))
        .filter(fits),
    });
  } else {
    options.push({ weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }) });
  }
  if (mode === 'hostile') options.push({ weight: 1, arbitrary: nastyString.filter(fits) });
  return fc.oneof(...options);
}

/** A value of the schema's type (and, in clean mode, within its rules as far as they are visible). */
export function valueFor(
  name: string,
  schema: JsonSchema,
  known: KnownIds,
  mode: Mode,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.anyOf?.length)
    return fc.oneof(...schema.anyOf.map((s) => valueFor(name, s, known, mode, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(name, schema, known, mode);
    case 'integer': {
      const min = Math.max(schema.minimum ?? (mode === 'clean' ? 1 : -1_000), -(2 ** 40));
      const max = Math.min(schema.maximum ?? (mode === 'clean' ? 50 : 1_000), 2 ** 40);
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      // Media ids must come from an upload: a clean call sends none.
      if (mode === 'clean' && /media/.test(name.split('.').pop() ?? '') && !schema.minItems)
        return fc.constant([]);
      return fc.array(valueFor(name, schema.items ?? {}, known, mode, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, depth > 1 ? 2 : 4)),
      });
    }
    case 'object':
      return objectFor(schema, known, mode, name, depth + 1);
    default:
      return hostileValue;
  }
}

/** An object of the schema: clean mode sends the required properties only, hostile mode some optional ones. */
export function objectFor(
  schema: JsonSchema,
  known: KnownIds,
  mode: Mode,
  context: string,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    if (mode === 'hostile' || required.has(key)) {
      record[key] = valueFor(`${context.split('.')[0]}.${key}`, sub, known, mode, depth);
    }
  }
  return fc.record(record, {
    requiredKeys: Object.keys(record).filter((k) => required.has(k)),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A value of another JSON kind than the schema asks for. */
export function wrongTypeFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = new Set(
    schema.anyOf ? schema.anyOf.map((s) => s.type) : Array.isArray(schema.type) ? schema.type : [schema.type],
  );
  const candidates: fc.Arbitrary<unknown>[] = [];
  if (!types.has('string')) candidates.push(nastyString);
  if (!types.has('integer') && !types.has('number')) candidates.push(nastyNumber);
  if (!types.has('boolean')) candidates.push(fc.boolean());
  if (!types.has('array')) candidates.push(fc.array(hostileValue, { maxLength: 3 }));
  if (!types.has('object')) candidates.push(fc.constant(null).map(() => pollutingObject()));
  candidates.push(fc.constant(null), deep);
  return fc.oneof(...candidates);
}
