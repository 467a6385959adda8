// Writing answers on the raw Node response (routes hijack fastify's reply so a delayed or dropped call can
// simply stop): one JSON body, server-sent events (with or without `event:` lines) and NDJSON lines.
import type { ServerResponse } from 'node:http';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (!writable(res)) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export interface StreamWriter {
  /** One SSE event: `event: <name>` when named (Anthropic, Responses), then `data: <json>`. */
  event(data: unknown, name?: string): void;
  /** A raw data line, e.g. OpenAI's closing `[DONE]`. */
  data(raw: string): void;
  /** One NDJSON line (Ollama's native stream). */
  line(data: unknown): void;
  end(): void;
}

export function openStream(res: ServerResponse, contentType: 'text/event-stream' | 'application/x-ndjson') {
  if (writable(res)) {
    res.writeHead(200, {
      'content-type': contentType,
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
  }
  const write = (text: string) => {
    if (writable(res)) res.write(text);
  };
  const writer: StreamWriter = {
    event: (data, name) => write(`${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`),
    data: (raw) => write(`data: ${raw}\n\n`),
    line: (data) => write(`${JSON.stringify(data)}\n`),
    end: () => {
      if (writable(res)) res.end();
    },
  };
  return writer;
}

/** False once the client went away (an aborted fetch) or the answer is complete. */
export function writable(res: ServerResponse): boolean {
  return !res.destroyed && !res.writableEnded;
}
