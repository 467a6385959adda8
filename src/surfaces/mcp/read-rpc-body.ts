// The JSON-RPC body of a POST to the tool server, read here rather than by the SDK transport so a batch is
// bounded before any of its messages runs: the SDK takes up to 100 messages, and 100 `tools/list` (5 KiB
// asked) were 9 MiB answered. Refusals carry the transport's own statuses and JSON-RPC codes.
import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { mediaTypeOf } from '../http/write-body-rules.js';

/**
 * Messages one batch may hold. The largest profile's `tools/list` answer is about 118 KB, so a full batch
 * of them stays under 1 MiB; a client that needs more sends them one request at a time.
 */
export const MAX_BATCH_MESSAGES = 8;

export type RpcBody =
  /** The parsed message or batch, for the transport (which then reads nothing itself). */
  | { kind: 'parsed'; message: unknown }
  /** Answer this instead (status, JSON-RPC code, message); nothing was run. */
  | { kind: 'refused'; status: number; code: number; message: string }
  /** Leave the request to the transport: it refuses these headers itself, before reading a body. */
  | { kind: 'transport' };

/** The transport reads a body only for a POST that accepts both answer kinds and says it is JSON. */
function transportWouldRead(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? '';
  return (
    req.method === 'POST' &&
    accept.includes('application/json') &&
    accept.includes('text/event-stream') &&
    mediaTypeOf(req.headers['content-type']) === 'application/json'
  );
}

/** Reads at most `limit` bytes; undefined when the body is larger (the rest is drained, not kept). */
function readBounded(req: IncomingMessage, limit: number): Promise<string | undefined> {
  if (Number(req.headers['content-length']) > limit) {
    req.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      // Over the limit: stop keeping it, but let it flow so the socket can carry the answer.
      req.off('data', onData);
      req.resume();
      resolve(undefined);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
    // A client gone before the end of its body: nothing to run (the refusal goes nowhere).
    req.once('close', () => resolve(undefined));
  });
}

/** The body of `req`, parsed and checked, or how to refuse it. */
export async function readRpcBody(req: IncomingMessage, limit: number): Promise<RpcBody> {
  if (!transportWouldRead(req)) return { kind: 'transport' };
  const text = await readBounded(req, limit);
  if (text === undefined) {
    return {
      kind: 'refused',
      status: 413,
      code: -32000,
      message: `Payload Too Large: Request body must not exceed ${limit} bytes`,
    };
  }
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { kind: 'refused', status: 400, code: ErrorCode.ParseError, message: 'Parse error: Invalid JSON' };
  }
  if (Array.isArray(message) && message.length > MAX_BATCH_MESSAGES) {
    return {
      kind: 'refused',
      status: 400,
      code: ErrorCode.InvalidRequest,
      message: `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages (this one has ${message.length}); send the others in further requests`,
    };
  }
  return { kind: 'parsed', message };
}
