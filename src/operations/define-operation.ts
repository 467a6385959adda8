// An operation is a capability declared once as data: its schemas, whether it mutates, how the HTTP face
// and the tool server reach it, and the one function that runs it. An action reachable from both faces is
// one operation with both bindings; a binding may require more fields than the shared schema or map the
// answer to its face's shape, but never runs anything of its own.
import { ZodDefault, ZodOptional, type z } from 'zod';
import type { Actor } from '../contracts/actor.js';
import type { ToolBinding } from '../contracts/tools/tool-binding.js';
import type { CheckedPolicy, LentWrites } from '../core/gateway/mutation-gateway.js';
import type { Progress } from '../core/ports/run-control.js';
import type { OperationDeps } from './operation-deps.js';

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
  /**
   * What the policy decided, set by the invoker when the tool binding says `policy: 'check'` and an agent
   * calls: a mutation runs only on `allow` or `route` (then it queues its result for a person, with the
   * policy's reason; a dry run is answered without running it); a preview sees every decision.
   */
  policy?: CheckedPolicy;
  /** Platform writes the gateway lends a local mutation while it runs (see MutationGateway.submit). */
  writes?: LentWrites;
  /** Aborted when the caller cancels (the tool server's notifications/cancelled); long runs stop at a safe point. */
  signal?: AbortSignal;
  /** Progress of a long run, when the caller asked for it (an MCP progress token); others leave it unset. */
  progress?: Progress;
}

/** What one face adds to the shared declaration. */
export interface FaceBinding {
  /** Fields this face requires although the shared schema leaves them optional (the spec's tables). */
  required?: readonly string[];
  /**
   * This face's own parameters, when they differ from the shared input (a tool's are fixed by the spec, a
   * route's by its path): the schema the face validates with, and how a valid call becomes the input.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the mapping takes what its own schema parsed.
  params?: { schema: z.ZodObject; toInput: (params: any) => unknown };
  /**
   * The answer in this face's shape, when it differs from the operation's output: its schema (listings,
   * docs, the dashboard's client) and the mapping, which may refuse a result this face cannot show.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the mapping takes the operation's result.
  answer?: { schema: z.ZodType; fromResult: (result: any) => unknown };
}

export interface HttpBinding extends FaceBinding {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path with `{name}` placeholders; the values join the query (reads) or the body (writes). */
  path: string;
  /** Status of a success (default 200). */
  status?: number;
}

export interface OperationToolBinding extends ToolBinding, FaceBinding {
  /** Whether a successful checked call counts against the policy's limits (default: every one does). */
  counts?: (result: unknown) => boolean;
}

export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  /** One or two sentences: read by people in docs and by agents as tool descriptions. */
  summary: string;
  input: I;
  output: O;
  mutation: boolean;
  /**
   * The gateway action this mutation is (a platform write declared in core/gateway): the gateway runs it
   * under the policy, the safety rules and the 5-minute idempotency. Without it a mutation runs `run`
   * inside the gateway's local entry (audited with its actor; agents meet blocked_tools and, when the tool
   * binding says `policy: 'check'`, the policy: the invoker declares it, no operation calls it).
   */
  action?: string;
  /**
   * The gateway action this read previews (its binding says `policy: 'check'`): the invoker asks the
   * gateway what it would decide for the input (schema, safety rules, policy) and passes the decision in
   * `context.policy`; nothing runs, is audited or counted.
   */
  preview?: string;
  /** Checks of the input that precede the policy, with their own error codes (run inside the audit). */
  validate?(input: z.output<I>): void;
  http?: HttpBinding;
  /** How the tool server exposes it (name, category, profiles, requirements, error codes). */
  tool?: OperationToolBinding;
  /** What it does (absent for a gateway `action`: the gateway runs that). */
  run?(deps: OperationDeps, input: z.output<I>, context: OperationContext): Promise<z.input<O>>;
}

export function defineOperation<I extends z.ZodType, O extends z.ZodType>(
  operation: Operation<I, O>,
): Operation<I, O> {
  return operation;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds operations of every input/output type.
export type AnyOperation = Operation<any, any>;

export type Face = 'http' | 'tool';

const faceSchemas = new WeakMap<AnyOperation, Partial<Record<Face, z.ZodType>>>();

function withoutDefault(field: z.ZodType | undefined): z.ZodType {
  let inner = field;
  while (inner instanceof ZodDefault || inner instanceof ZodOptional) inner = inner.unwrap() as z.ZodType;
  if (!inner) throw new Error('a face requires a field the shared schema does not have');
  return inner;
}

const bindingOf = (op: AnyOperation, face: Face): FaceBinding | undefined =>
  face === 'http' ? op.http : op.tool;

/** The input schema one face validates with: its own, or the shared one with that face's required fields. */
export function faceInput(op: AnyOperation, face: Face): z.ZodType {
  const cached = faceSchemas.get(op)?.[face];
  if (cached) return cached;
  const binding = bindingOf(op, face);
  const required = binding?.required ?? [];
  const shared = (binding?.params?.schema ?? op.input) as unknown as z.ZodObject;
  // A required field loses the default (and the optional wrapper) the shared schema gives it.
  const schema =
    required.length === 0
      ? shared
      : shared.extend(Object.fromEntries(required.map((key) => [key, withoutDefault(shared.shape[key])])));
  faceSchemas.set(op, { ...faceSchemas.get(op), [face]: schema });
  return schema;
}

/** A face's validated call as the operation's input. */
export function operationInput(op: AnyOperation, face: Face, params: unknown): unknown {
  const map = bindingOf(op, face)?.params?.toInput;
  return map ? map(params) : params;
}

/** The schema of the answer one face gives. */
export function faceOutputSchema(op: AnyOperation, face: Face): z.ZodType {
  return bindingOf(op, face)?.answer?.schema ?? op.output;
}

/** The answer as one face shows it. */
export function faceOutput(op: AnyOperation, face: Face, result: unknown): unknown {
  const map = bindingOf(op, face)?.answer?.fromResult;
  return map ? map(result) : result;
}
