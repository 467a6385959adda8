// startFakeLlm(): one fastify server on 127.0.0.1 speaking OpenAI (chat + Responses, base `<url>/v1`),
// Anthropic Messages (base `<url>/v1`) and Ollama (OpenAI-compatible base `<url>/ollama/v1`, plus the
// native /api/*), with a shared script of replies and faults and a log of every call's normalised prompt.
import { type FastifyInstance, fastify } from 'fastify';
import { ollamaTags, openAiModelList } from './answer-ollama.js';
import { handleModelCall, type PipelineContext } from './pipeline.js';
import { LlmScript } from './script.js';
import type { Protocol, RecordedCall } from './types.js';

export interface StartFakeLlmOptions {
  /** 0 or absent picks a free port. */
  port?: number;
  /** Called once per model call when it is answered, dropped or abandoned (the CLI prints them). */
  onCall?: (call: RecordedCall) => void;
}

export interface FakeLlm {
  /** Server root, e.g. http://127.0.0.1:PORT (see the base URL helpers below). */
  url: string;
  /** Base URL for createOpenAI and createAnthropic: `<url>/v1`. */
  openaiBaseUrl: string;
  anthropicBaseUrl: string;
  /** Base URL for createOpenAICompatible({ name: 'ollama' }): `<url>/ollama/v1`. */
  ollamaBaseUrl: string;
  /** Every model call in arrival order, including rejected, failed and dropped ones. */
  calls: RecordedCall[];
  script: LlmScript;
  /** script.reset() and an empty call log. */
  reset(): void;
  close(): Promise<void>;
}

const MODEL_ROUTES: Array<[string, Protocol]> = [
  ['/v1/chat/completions', 'openai-chat'],
  ['/v1/responses', 'openai-responses'],
  ['/v1/messages', 'anthropic'],
  ['/ollama/v1/chat/completions', 'ollama'],
  ['/api/chat', 'ollama'],
];

export async function startFakeLlm(options: StartFakeLlmOptions = {}): Promise<FakeLlm> {
  const script = new LlmScript();
  const calls: RecordedCall[] = [];
  const shutdown = new AbortController();
  let lastId = 0;
  const ctx: PipelineContext = {
    script,
    calls,
    onCall: options.onCall,
    shutdown: shutdown.signal,
    nextId: () => ++lastId,
  };

  // forceCloseConnections: the SDK's fetch keeps sockets alive, which would otherwise hold close() open.
  const app = fastify({ logger: false, bodyLimit: 32 * 1024 * 1024, forceCloseConnections: true });
  registerRoutes(app, ctx);
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: `${url}/v1`,
    ollamaBaseUrl: `${url}/ollama/v1`,
    calls,
    script,
    reset() {
      script.reset();
      calls.length = 0;
    },
    async close() {
      shutdown.abort();
      await app.close();
    },
  };
}

function registerRoutes(app: FastifyInstance, ctx: PipelineContext): void {
  for (const [path, protocol] of MODEL_ROUTES) {
    app.post(path, (req, reply) => handleModelCall(ctx, protocol, req, reply));
  }
  // Model listings need no key: Ollama has none, and the app probes them to fill a model picker.
  for (const path of ['/v1/models', '/ollama/v1/models']) {
    app.get(path, async () => openAiModelList(ctx.script.models));
  }
  app.get('/api/tags', async () => ollamaTags(ctx.script.models));
  app.get('/api/version', async () => ({ version: '0.12.6' }));
  // What a real Ollama answers on its root; health probes look for it.
  app.get('/', async (_req, reply) => reply.type('text/plain').send('Ollama is running'));
}
