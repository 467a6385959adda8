// Guards the generated Kysely types: the checked-in db-types.ts must match what the migrations produce.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../package-root.js';
import { openDatabase } from './open-database.js';
import { renderDbTypes } from './render-db-types.js';

describe('db-types.ts', () => {
  it('matches the schema built by the migrations (run `npx tsx scripts/gen-db-types.ts` if not)', async () => {
    const checkedIn = readFileSync(packagePath('src', 'infra', 'sqlite', 'db-types.ts'), 'utf8');
    expect(checkedIn).toBe(await renderDbTypes());
  });

  it('renders the same text twice', async () => {
    expect(await renderDbTypes()).toBe(await renderDbTypes());
  });

  it('lets callers omit defaulted columns and see nullable ones as null', async () => {
    const database = openDatabase({ path: ':memory:' });
    try {
      // Compiles only because id, status, media_paths... are Generated<> in DraftsTable.
      await database.db.insertInto('drafts').values({ content: 'hi' }).execute();
      const row = await database.db
        .selectFrom('drafts')
        .select(['id', 'title', 'media_paths'])
        .executeTakeFirstOrThrow();
      const title: string | null = row.title;
      expect({ id: row.id, title, media_paths: row.media_paths }).toEqual({
        id: 1,
        title: null,
        media_paths: '[]',
      });
    } finally {
      await database.close();
    }
  });
});
