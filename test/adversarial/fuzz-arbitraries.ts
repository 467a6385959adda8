// fast-check arbitraries for hostile input: nasty strings (unicode edge cases, huge, injection-shaped),
// prototype-pollution keys, deep nesting, and values shaped after a JSON Schema but often of the wrong type.
import fc from 'fast-check';
import type { JsonSchema } from '../../src/surfaces/json-schema-text.js';

export const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
];

/** Strings people and attackers actually send. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff lone surrogates \ud83d',
    '\u202eevil\u202c',
    '\u200b\u200c\u200d\ufeff',
    'שלום עולם',
    '👩‍👩‍👧‍👦'.repeat(80),
    'e\u0301'.repeat(300),
    'a'.repeat(300),
    'x'.repeat(70_000),
    '../../../../etc/passwd',
    '/etc/shadow',
    '%2e%2e%2f%2e%2e%2f',
    '..\\..\\windows',
    "'; DROP TABLE drafts; --",
    '" OR 1=1 --',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style lookup, literally.
    '${jndi:ldap://x}',
    '{{7*7}}',
    '<script>alert(1)</script>',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '9'.repeat(40),
    '2026-02-30T25:61:00',
    '0000-00-00',
    '__proto__',
    'constructor',
    'null',
    'true',
    '[]',
    '{}',
  ),
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER + 2),
  fc.boolean(),
  fc.constant(null),
);

/** Arbitrary JSON-ish values, objects sometimes keyed by prototype-pollution names. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nastyString, fc.constantFrom(...POLLUTION_KEYS)), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Arrays or objects nested far deeper than any real input. */
export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 50, max: 3000 }), fc.boolean())
  .map(([depth, objects]) => {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i++) value = objects ? { a: value } : [value];
    return value;
  });

function typed(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf && schema.anyOf.length > 0) return fc.oneof(...schema.anyOf.map(typed));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), nastyString);
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.constantFrom(1, 2, 3));
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), fc.integer());
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? typed(schema.items) : hostileValue, { maxLength: 6 });
    case 'object':
      return schema.properties ? objectFor(schema) : fc.dictionary(nastyString, hostileValue, { maxKeys: 3 });
    default:
      return hostileValue;
  }
}

/** A value for one field: usually of the declared type, sometimes anything at all. */
export function fieldValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: typed(schema) }, { weight: 1, arbitrary: hostileValue });
}

/** Objects with the schema's fields (some left out), plus now and then a stray or poisonous key. */
export function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const known = fc.record(Object.fromEntries(fields.map(([name, field]) => [name, fieldValue(field)])), {
    requiredKeys: [],
  });
  const extra = fc.dictionary(fc.oneof(nastyString, fc.constantFrom(...POLLUTION_KEYS)), hostileValue, {
    maxKeys: 2,
  });
  return fc
    .tuple(known, fc.option(extra, { freq: 4 }))
    .map(([base, more]) => (more ? { ...more, ...base } : base) as Record<string, unknown>);
}
