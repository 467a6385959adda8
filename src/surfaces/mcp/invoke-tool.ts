// One tool call: parse the arguments with the operation's schema (malformed or nested past MAX_JSON_DEPTH →
// invalid_input), run it, wrap the result or error in the envelope, and record the call in telemetry.
// Shared by every transport.
import type { AppDeps } from '../../app/wiring/create-app.js';
import type { Envelope } from '../../contracts/tools/envelope.js';
import type { ToolProfile } from '../../contracts/tools/tool-binding.js';
import { effectiveApprovalMode } from '../../core/domain/config-rules.js';
import { MAX_JSON_DEPTH, tooDeepField } from '../../core/domain/json-depth.js';
import { AppError } from '../../core/errors.js';
import type { RunControl } from '../../core/ports/run-control.js';
import {
  faceInput,
  faceOutput,
  type OperationContext,
  operationInput,
} from '../../operations/define-operation.js';
import { invokeOperation } from '../../operations/invoke-operation.js';
import { clip } from './call-request.js';
import { envelopeError, serializeEnvelope, toolMeta } from './envelope.js';
import type { ToolOperation } from './profile-tools.js';

export interface ToolCallResult {
  envelope: Envelope;
  text: string;
}

/** How many problems an answer lists: a huge malformed object must not become a huge error. */
const MAX_LISTED = 10;

function issuesOf(error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> }) {
  return error.issues.slice(0, MAX_LISTED).map((issue) => ({
    path: clip(issue.path.map(String).join('.') || '(arguments)'),
    message: clip(issue.message, 200),
  }));
}

const more = (total: number) => (total > MAX_LISTED ? ` (and ${total - MAX_LISTED} more)` : '');

/** Parameter names of an object input schema (every tool's input is one). */
function shapeKeys(op: ToolOperation): string[] | undefined {
  const shape = (faceInput(op, 'tool') as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : undefined;
}

const expectedKeys = (op: ToolOperation) => (shapeKeys(op) ?? []).join(', ');

/** A misspelt parameter is a mistake worth reporting, not something to drop silently. */
function unknownKeys(op: ToolOperation, args: unknown): string[] {
  const keys = shapeKeys(op);
  if (!keys || typeof args !== 'object' || args === null || Array.isArray(args)) return [];
  return Object.keys(args).filter((key) => !keys.includes(key));
}

export async function invokeTool(
  deps: AppDeps,
  op: ToolOperation,
  args: unknown,
  profile: ToolProfile,
  control: RunControl = {},
): Promise<ToolCallResult> {
  const started = performance.now();
  // The call's cancellation signal and progress callback (MCP request) reach the operation's services.
  const context: OperationContext = { actor: 'agent', trace: {}, ...control };
  const modeMeta = { mode: deps.config.mode, approval_mode: effectiveApprovalMode(deps.config) };
  let built: Envelope;
  try {
    // Refused before anything walks the arguments recursively (a stack overflow would be an internal error).
    const deep = tooDeepField(args);
    if (deep !== undefined) {
      const message = `nested deeper than ${MAX_JSON_DEPTH} levels`;
      throw new AppError(
        'invalid_input',
        `invalid arguments for ${op.tool.name}: ${clip(deep)}: ${message}`,
        {
          details: { issues: [{ path: clip(deep), message }] },
        },
      );
    }
    const unknown = unknownKeys(op, args);
    if (unknown.length > 0) {
      const listed = unknown.slice(0, MAX_LISTED).map((key) => clip(key));
      throw new AppError(
        'invalid_input',
        `unknown parameter${unknown.length > 1 ? 's' : ''} ${listed.map((k) => `'${k}'`).join(', ')}${more(unknown.length)} for ${op.tool.name}; expected ${expectedKeys(op) || 'none'}`,
        { details: { issues: listed.map((key) => ({ path: key, message: 'unknown parameter' })) } },
      );
    }
    const parsed = faceInput(op, 'tool').safeParse(args ?? {});
    if (!parsed.success) {
      const issues = issuesOf(parsed.error);
      throw new AppError(
        'invalid_input',
        `invalid arguments for ${op.tool.name}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}${more(parsed.error.issues.length)}`,
        { details: { issues } },
      );
    }
    const data = faceOutput(
      op,
      'tool',
      await invokeOperation(
        deps.forOperations,
        op,
        operationInput(op, 'tool', parsed.data),
        context,
        parsed.data,
      ),
    );
    const trace = context.trace ?? {};
    built = {
      success: true,
      data: data ?? null,
      meta: toolMeta(performance.now() - started, {
        ...modeMeta,
        ...(trace.correlation_id ? { correlation_id: trace.correlation_id } : {}),
        ...(trace.rollback ? { rollback: trace.rollback } : {}),
        ...(trace.policy_decision ? { policy_decision: trace.policy_decision } : {}),
        ...(trace.pagination ? { pagination: trace.pagination } : {}),
      }),
    };
  } catch (error) {
    built = {
      success: false,
      data: null,
      error: envelopeError(error, deps.logger),
      meta: toolMeta(performance.now() - started, modeMeta),
    };
  }
  const { envelope, text } = serializeEnvelope(built);
  try {
    deps.telemetry.record({
      tool_name: op.tool.name,
      category: op.tool.category,
      profile,
      latency_ms: performance.now() - started,
      success: envelope.success,
      error_code: envelope.error?.code,
      policy_decision: envelope.error?.policy_decision ?? context.trace?.policy_decision,
      at: deps.clock.now(),
    });
  } catch (error) {
    deps.logger.warn({ err: error, tool: op.tool.name }, 'telemetry write failed');
  }
  return { envelope, text };
}
