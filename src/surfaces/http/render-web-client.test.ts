import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DraftSchema } from '../../contracts/drafts.js';
import { SetupAnswerSchema } from '../../contracts/setup.js';
import { packagePath } from '../../infra/package-root.js';
import { defineOperation } from '../../operations/define-operation.js';
import { OPERATIONS } from '../../operations/registry.js';
import { contractExports } from './contract-exports.js';
import { renderWebClient, WEB_CLIENT_FILE, webClientSource } from './render-web-client.js';

describe('the dashboard client (web/src/api.ts)', () => {
  it('matches the operation registry (run `npm run gen` after changing an operation)', async () => {
    expect(readFileSync(packagePath(WEB_CLIENT_FILE), 'utf8')).toBe(await webClientSource());
  });

  it('calls every HTTP operation by its method and path', async () => {
    const client = renderWebClient(OPERATIONS, await contractExports());
    for (const op of OPERATIONS) {
      if (op.http) expect(client).toContain(`('${op.http.method}', '${op.http.path}',`);
    }
  });

  it('refuses an HTTP operation whose schema is not exported from src/contracts', async () => {
    const inline = defineOperation({
      name: 'drafts.peek',
      summary: 'A draft.',
      input: z.object({ id: z.number() }),
      output: DraftSchema,
      mutation: false,
      http: { method: 'GET', path: '/api/content/drafts/{id}/peek' },
      run: async () => {
        throw new Error('not run');
      },
    });
    await expect(async () => renderWebClient([inline], await contractExports())).rejects.toThrow(
      /drafts\.peek \(HTTP GET \/api\/content\/drafts\/\{id\}\/peek\): its input schema is not exported from src\/contracts/,
    );
  });

  it('types setup.init by a schema that takes every answer its own schema takes', () => {
    const op = OPERATIONS.find((o) => o.name === 'setup.init');
    const input = op?.input as z.ZodObject;
    expect(input._zod.def.catchall).toBe(SetupAnswerSchema);
    for (const field of Object.values(input.shape)) {
      expect((field as z.ZodOptional).unwrap()).toBe(SetupAnswerSchema);
    }
  });
});
