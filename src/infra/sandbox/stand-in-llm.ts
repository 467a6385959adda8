// The stand-in LLM `app simulate` writes with: an OpenAI Chat Completions endpoint on 127.0.0.1 whose every
// answer comes from a function of the prompt (the simulation's seeded writer), so a simulation never calls
// a model. It speaks only what the app's client sends there (non-streamed chat completions); the tests'
// full fake LLM, with the other protocols and faults on demand, stays in test/fakes/llm.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { capAtMaxTokens, estimateTokens, promptTokens } from './token-estimate.js';

/** The prompt as the model reads it: system and developer text joined, then the other messages. */
export interface StandInPrompt {
  system?: string;
  messages: Array<{ role: string; content: string }>;
}

export interface StandInLlmOptions {
  /** Writes the answer to each call. */
  write: (prompt: StandInPrompt) => string;
  /** The time answers are stamped with (the simulation's clock). */
  now: () => number;
}

export interface StandInLlm {
  /** Base URL for `[llm] provider = "openai"`: `<url>/v1`. */
  openaiBaseUrl: string;
  close(): Promise<void>;
}

const BODY_LIMIT = 8 * 1024 * 1024;
const SYSTEM_ROLES = new Set(['system', 'developer']);

export async function startStandInLlm(options: StandInLlmOptions): Promise<StandInLlm> {
  let lastId = 0;
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/chat/completions') {
      sendError(res, 404, `no route ${req.method} ${req.url}`);
      return;
    }
    readJson(req).then(
      (body) => {
        try {
          answer(res, body, options, ++lastId);
        } catch (error) {
          sendError(res, 500, `the stand-in failed: ${(error as Error).message}`);
        }
      },
      (error: Error) => sendError(res, 400, error.message),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    openaiBaseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        // The SDK's fetch keeps sockets alive, which would otherwise hold close() open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(res: ServerResponse, body: unknown, options: StandInLlmOptions, id: number): void {
  const request = (typeof body === 'object' && body !== null ? body : {}) as {
    model?: unknown;
    messages?: unknown;
    max_tokens?: unknown;
    max_completion_tokens?: unknown;
    stream?: unknown;
  };
  if (!Array.isArray(request.messages) || request.messages.length === 0) {
    sendError(res, 400, 'messages: a non-empty array is required');
    return;
  }
  if (request.stream === true) {
    sendError(res, 400, 'stream: the stand-in answers whole completions only');
    return;
  }
  const prompt = normalise(request.messages as Array<{ role?: unknown; content?: unknown }>);
  let written: string;
  try {
    written = options.write(prompt);
  } catch (error) {
    sendError(res, 500, `the writer threw: ${(error as Error).message}`);
    return;
  }
  const maxTokens = [request.max_completion_tokens, request.max_tokens].find((n) => typeof n === 'number');
  const { text, finish } = capAtMaxTokens(written, maxTokens as number | undefined);
  const inputTokens = promptTokens(prompt);
  const outputTokens = estimateTokens(text);
  sendJson(res, 200, {
    id: `chatcmpl-sandbox${String(id).padStart(20, '0')}`,
    object: 'chat.completion',
    created: Math.floor(options.now() / 1000),
    model: typeof request.model === 'string' ? request.model : '',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: finish,
      },
    ],
    usage: {
      prompt_tokens: inputTokens,
      completion_tokens: outputTokens,
      total_tokens: inputTokens + outputTokens,
    },
  });
}

/** System and developer messages become the system text; content parts are joined by line. */
function normalise(messages: Array<{ role?: unknown; content?: unknown }>): StandInPrompt {
  const all = messages.map((m) => ({ role: String(m.role ?? ''), content: contentText(m.content) }));
  const system = all.filter((m) => SYSTEM_ROLES.has(m.role)).map((m) => m.content);
  const rest = all.filter((m) => !SYSTEM_ROLES.has(m.role));
  return system.length > 0 ? { system: system.join('\n\n'), messages: rest } : { messages: rest };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      typeof (part as { text?: unknown })?.text === 'string' ? (part as { text: string }).text : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Error('request body is not JSON');
  }
}

function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: { message, type: 'invalid_request_error', param: null, code: null } });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  // The client may have gone (its timeout): nothing to answer.
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
