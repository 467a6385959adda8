// Input fields a face passes on as any JSON value because a core parser checks them with messages a schema
// union cannot give (which card, which field). The parser's schema is remembered here, so the generated
// docs show that schema instead of "any".
import { z } from 'zod';

const documented = new WeakMap<z.ZodType, z.ZodType>();

/** Any value at the face; checked later against `schema`, and documented as it. */
export function parsedLaterAs(schema: z.ZodType): z.ZodUnknown {
  const field = z.unknown();
  documented.set(field, schema);
  return field;
}

/** The schema a `parsedLaterAs` field is checked against, for the docs; undefined for any other schema. */
export function parsedLaterSchema(field: z.ZodType): z.ZodType | undefined {
  return documented.get(field);
}
