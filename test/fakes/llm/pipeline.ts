// The one path every model call takes, whatever the protocol: record the normalised prompt, then scripted
// socket drops and delays, the protocol's auth check, request validation, scripted failures, and finally
// the scripted (or echoed) text, capped at max tokens and handed to the protocol's renderer.
import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendAnthropic } from './answer-anthropic.js';
import { sendOllamaChat } from './answer-ollama.js';
import { sendChatCompletion } from './answer-openai-chat.js';
import { sendResponses } from './answer-openai-responses.js';
import { errorAnswer } from './errors.js';
import { type NormalisedRequest, normaliseRequest } from './normalize.js';
import type { LlmScript } from './script.js';
import { capAtMaxTokens, echoText, estimateTokens, promptTokens } from './text.js';
import type { Answer, ErrorSpec, Protocol, RecordedCall } from './types.js';
import { sendJson } from './wire.js';

export interface PipelineContext {
  script: LlmScript;
  calls: RecordedCall[];
  /** Called once per call when it is answered, dropped or abandoned by the client. */
  onCall?: (call: RecordedCall) => void;
  /** Aborted by close() so delayed calls never hold the server open. */
  shutdown: AbortSignal;
  nextId(): number;
}

const ID_PREFIX: Record<Protocol, string> = {
  'openai-chat': 'chatcmpl-',
  'openai-responses': 'resp_',
  anthropic: 'msg_',
  ollama: 'chatcmpl-',
};

export async function handleModelCall(
  ctx: PipelineContext,
  protocol: Protocol,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  // Raw writes from here on: a dropped or abandoned call just stops, with nothing for fastify to finish.
  reply.hijack();
  const res = reply.raw;
  const path = req.url.split('?')[0] ?? req.url;
  const nativeOllama = path === '/api/chat';
  const parsed = normaliseRequest(protocol, path, req.body);
  const body = (req.body ?? {}) as Record<string, unknown>;
  const apiKey = readApiKey(protocol, req.headers);
  const call: RecordedCall = {
    protocol,
    path,
    model: parsed.ok ? parsed.request.model : typeof body.model === 'string' ? body.model : '',
    ...(parsed.ok && parsed.request.system !== undefined ? { system: parsed.request.system } : {}),
    messages: parsed.ok ? parsed.request.messages : [],
    ...(parsed.ok && parsed.request.maxTokens !== undefined ? { maxTokens: parsed.request.maxTokens } : {}),
    ...(parsed.ok && parsed.request.temperature !== undefined
      ? { temperature: parsed.request.temperature }
      : {}),
    stream: parsed.ok ? parsed.request.stream : body.stream === true,
    ...(apiKey !== undefined ? { apiKey } : {}),
    // wall clock: when the fake saw the request
    at: new Date().toISOString(),
    body: req.body,
  };
  ctx.calls.push(call);
  const done = (status?: number) => {
    if (status !== undefined) call.status = status;
    ctx.onCall?.(call);
  };
  const fail = (spec: ErrorSpec) => {
    const answer = errorAnswer(protocol, spec, nativeOllama);
    sendJson(res, answer.status, answer.body, answer.headers);
    done(answer.status);
  };

  if (ctx.script.takeDrop(protocol)) {
    req.raw.socket.destroy();
    return done();
  }
  const delayMs = ctx.script.takeDelay(protocol);
  if (delayMs !== undefined && !(await waitUnlessGone(ctx, res, delayMs))) return done();

  const authError = checkAuth(ctx.script, protocol, req.headers, apiKey);
  if (authError) return fail(authError);
  if (!parsed.ok) return fail({ status: 400, message: parsed.message });
  const failure = ctx.script.takeFailure(protocol);
  if (failure) return fail(failure);
  if (protocol === 'ollama' && ctx.script.rejectUnknownModels && !knownModel(ctx.script.models, call.model)) {
    return fail({ status: 404, message: `model "${call.model}" not found, try pulling it first` });
  }

  let answer: Answer;
  try {
    answer = buildAnswer(ctx, protocol, call, parsed.request);
  } catch (error) {
    return fail({ status: 500, message: `scripted reply threw: ${(error as Error).message}` });
  }
  sendAnswer(protocol, nativeOllama, res, answer, parsed.request, req.body);
  done(200);
}

function buildAnswer(
  ctx: PipelineContext,
  protocol: Protocol,
  call: RecordedCall,
  request: NormalisedRequest,
) {
  const scripted = ctx.script.takeReply(protocol);
  const raw =
    scripted === undefined ? echoText(call) : typeof scripted === 'function' ? scripted(call) : scripted;
  const { text, finish } = capAtMaxTokens(raw, request.maxTokens);
  const answer: Answer = {
    id: `${ID_PREFIX[protocol]}fake${String(ctx.nextId()).padStart(20, '0')}`,
    model: request.model,
    // wall clock: the fake keeps real time, as the provider stamps its answer
    created: Math.floor(Date.now() / 1000),
    text,
    finish,
    inputTokens: promptTokens(call),
    outputTokens: estimateTokens(text),
  };
  return answer;
}

function sendAnswer(
  protocol: Protocol,
  nativeOllama: boolean,
  res: FastifyReply['raw'],
  answer: Answer,
  request: NormalisedRequest,
  body: unknown,
) {
  if (protocol === 'openai-responses') return sendResponses(res, answer, request, body);
  if (protocol === 'anthropic') return sendAnthropic(res, answer, request);
  if (nativeOllama) return sendOllamaChat(res, answer, request);
  return sendChatCompletion(res, answer, request, protocol === 'ollama');
}

/** Anthropic takes x-api-key (or a bearer token); OpenAI and Ollama a bearer token. */
function readApiKey(protocol: Protocol, headers: IncomingHttpHeaders): string | undefined {
  const xApiKey = headers['x-api-key'];
  if (protocol === 'anthropic' && typeof xApiKey === 'string') return xApiKey;
  const match = /^Bearer\s+(.*)$/i.exec(headers.authorization ?? '');
  return match ? match[1] : undefined;
}

function checkAuth(
  script: LlmScript,
  protocol: Protocol,
  headers: IncomingHttpHeaders,
  apiKey: string | undefined,
): ErrorSpec | undefined {
  // A local Ollama has no keys.
  if (protocol === 'ollama') return undefined;
  if (protocol === 'anthropic') {
    if (apiKey === undefined || apiKey === '')
      return { status: 401, message: 'x-api-key header is required' };
    if (!script.isKeyAccepted(apiKey)) return { status: 401, message: 'invalid x-api-key' };
    if (!headers['anthropic-version']) {
      return { status: 400, message: 'anthropic-version: header is required' };
    }
    return undefined;
  }
  return script.isKeyAccepted(apiKey) ? undefined : { status: 401 };
}

function knownModel(models: string[], model: string): boolean {
  return models.includes(model) || models.includes(`${model}:latest`);
}

/** Sleeps unless the client hangs up or the server closes first; true when the call should go on. */
async function waitUnlessGone(ctx: PipelineContext, res: FastifyReply['raw'], ms: number): Promise<boolean> {
  const gone = new AbortController();
  const onClose = () => gone.abort();
  res.once('close', onClose);
  try {
    await sleep(ms, undefined, { signal: AbortSignal.any([gone.signal, ctx.shutdown]) });
    return true;
  } catch {
    return false;
  } finally {
    res.off('close', onClose);
  }
}
