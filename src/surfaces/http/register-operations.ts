// Derives the HTTP routes from the operation registry: a read takes its fields from the query string, a
// write from its JSON body (never the query: write-body-rules.ts); path parameters join either, and the
// one input is validated by the operation's schema. The result goes back with the operation's status.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../app/create-app.js';
import { AppError } from '../../core/errors.js';
import type { AnyOperation } from '../../operations/define-operation.js';
import { actorOf } from './auth/http-auth.js';

/** `/api/content/drafts/{id}` → `/api/content/drafts/:id`. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function registerOperations(
  app: FastifyInstance,
  operations: readonly AnyOperation[],
  deps: AppDeps,
): void {
  for (const operation of operations) {
    const http = operation.http;
    if (!http) continue;
    app.route({
      method: http.method,
      url: fastifyPath(http.path),
      handler: async (request, reply) => {
        const body = request.body;
        if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
          throw new AppError('invalid_input', 'the request body must be a JSON object');
        }
        const fields = http.method === 'GET' ? request.query : body;
        // Path parameters last: a body cannot redirect an operation to another resource.
        const raw = { ...((fields as object | undefined) ?? {}), ...(request.params as object) };
        const parsed = operation.input.safeParse(raw);
        if (!parsed.success) {
          const issues = (parsed.error as z.ZodError).issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          }));
          const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
          throw new AppError('validation_error', message, { details: { issues } });
        }
        const result = await operation.run(deps, parsed.data, { actor: actorOf(request) });
        return reply.code(http.status ?? 200).send(result);
      },
    });
  }
}
