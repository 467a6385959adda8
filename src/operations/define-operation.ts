// An operation is a capability declared once as data: its schemas, whether it mutates, how the HTTP face
// and the tool server reach it, and the one function that runs it.
import type { z } from 'zod';
import type { AppDeps } from '../app/create-app.js';
import type { Actor } from '../contracts/actor.js';
import type { ToolBinding } from '../contracts/tools/tool-binding.js';

/** What a mutation reports back beside its result: tool envelopes and telemetry carry it. */
export interface OperationTrace {
  policy_decision?: 'allowed' | 'routed_to_approval' | 'dry_run' | 'duplicate';
  correlation_id?: string;
  rollback?: unknown;
  /** Paging of a list result (envelope `meta.pagination`). */
  pagination?: { next_token?: string; result_count: number; has_more: boolean };
}

export interface OperationContext {
  /** Who called: set by the face (dashboard or api over HTTP, agent over the tool server, cli, loop:<name>). */
  actor: Actor;
  /** Filled in by the operation while it runs. */
  trace?: OperationTrace;
}

export interface HttpBinding {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path with `{name}` placeholders; the values join the body and query as input fields. */
  path: string;
  /** Status of a success (default 200). */
  status?: number;
}

export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  /** One or two sentences: read by people in docs and by agents as tool descriptions. */
  summary: string;
  input: I;
  output: O;
  mutation: boolean;
  http?: HttpBinding;
  /** How the tool server exposes it (name, category, profiles, requirements, error codes). */
  tool?: ToolBinding;
  run(deps: AppDeps, input: z.output<I>, context: OperationContext): Promise<z.input<O>>;
}

export function defineOperation<I extends z.ZodType, O extends z.ZodType>(
  operation: Operation<I, O>,
): Operation<I, O> {
  return operation;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds operations of every input/output type.
export type AnyOperation = Operation<any, any>;
