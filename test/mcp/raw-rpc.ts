// A raw JSON-RPC peer for the tool server: sends any message as given (no client-side validation) over an
// in-memory transport pair and resolves with the answer to its id, or `undefined` when none comes.

import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

export interface RpcAnswer {
  id?: unknown;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the server answered.
  result?: any;
  error?: { code: number; message: string; data?: unknown };
}

export interface RawRpc {
  /** Sends `message` (an `id` is added when missing) and waits up to `waitMs` for its answer. */
  send(message: Record<string, unknown>, waitMs?: number): Promise<RpcAnswer | undefined>;
  /** A tools/call with these params, exactly as given. */
  call(params: unknown): Promise<RpcAnswer | undefined>;
  close(): Promise<void>;
}

export async function connectRawRpc(server: Server): Promise<RawRpc> {
  const [peer, serverSide] = InMemoryTransport.createLinkedPair();
  const waiting = new Map<unknown, (answer: RpcAnswer) => void>();
  peer.onmessage = (message) => {
    const answer = message as RpcAnswer;
    waiting.get(answer.id)?.(answer);
  };
  await server.connect(serverSide);
  await peer.start();
  let next = 1;
  const send: RawRpc['send'] = (message, waitMs = 2000) => {
    const id = 'id' in message ? message.id : `raw-${next++}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(undefined);
      }, waitMs);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(answer);
      });
      void peer.send({ jsonrpc: '2.0', id, ...message } as never);
    });
  };
  await send({
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  await peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return {
    send,
    call: (params) => send({ method: 'tools/call', params }),
    async close() {
      await peer.close();
      await server.close();
    },
  };
}
