// Turns each protocol's request body into one normalised prompt (system text + role/content messages), so
// tests assert what the model saw whatever shape the SDK chose: OpenAI chat messages (system or developer
// role, string or part arrays), Responses `instructions` + `input` items, Anthropic `system` + content blocks.
import { z } from 'zod';
import type { Protocol, RecordedMessage } from './types.js';

export interface NormalisedRequest {
  model: string;
  system?: string;
  messages: RecordedMessage[];
  maxTokens?: number;
  temperature?: number;
  stream: boolean;
  /** OpenAI chat `stream_options.include_usage`: a final usage chunk is wanted. */
  includeUsage: boolean;
}

export type NormaliseResult = { ok: true; request: NormalisedRequest } | { ok: false; message: string };

const SYSTEM_ROLES = new Set(['system', 'developer']);
const num = z.number().optional().nullable();

const ChatBodySchema = z.looseObject({
  model: z
    .string({ error: 'you must provide a model parameter' })
    .min(1, 'you must provide a model parameter'),
  messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })).min(1),
  max_tokens: num,
  max_completion_tokens: num,
  temperature: num,
  stream: z.boolean().optional().nullable(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional().nullable(),
});

const ResponsesBodySchema = z.looseObject({
  model: z
    .string({ error: 'you must provide a model parameter' })
    .min(1, 'you must provide a model parameter'),
  instructions: z.string().optional().nullable(),
  input: z.union([z.string(), z.array(z.looseObject({}))]),
  max_output_tokens: num,
  temperature: num,
  stream: z.boolean().optional().nullable(),
});

const AnthropicBodySchema = z.looseObject({
  model: z.string({ error: 'Field required' }).min(1, 'Field required'),
  system: z.union([z.string(), z.array(z.looseObject({}))]).optional(),
  messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })).min(1),
  max_tokens: z.number({ error: 'Field required' }),
  temperature: num,
  stream: z.boolean().optional(),
});

const OllamaChatBodySchema = z.looseObject({
  model: z.string({ error: 'model is required' }).min(1, 'model is required'),
  messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })).default([]),
  stream: z.boolean().optional(),
  options: z.looseObject({ num_predict: num, temperature: num }).optional(),
});

export function normaliseRequest(protocol: Protocol, path: string, body: unknown): NormaliseResult {
  if (protocol === 'openai-responses') return normaliseResponses(body);
  if (protocol === 'anthropic') return normaliseAnthropic(body);
  if (path === '/api/chat') return normaliseOllamaNative(body);
  return normaliseChat(body);
}

function normaliseChat(body: unknown): NormaliseResult {
  const parsed = ChatBodySchema.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const b = parsed.data;
  return ok({
    model: b.model,
    ...splitSystem(b.messages.map((m) => ({ role: m.role, content: partsText(m.content, m) }))),
    maxTokens: b.max_completion_tokens ?? b.max_tokens ?? undefined,
    temperature: b.temperature ?? undefined,
    stream: b.stream === true,
    includeUsage: b.stream_options?.include_usage === true,
  });
}

function normaliseResponses(body: unknown): NormaliseResult {
  const parsed = ResponsesBodySchema.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const b = parsed.data;
  const items: RecordedMessage[] =
    typeof b.input === 'string'
      ? [{ role: 'user', content: b.input }]
      : b.input.flatMap((item) => responsesItem(item as Record<string, unknown>));
  const { system, messages } = splitSystem(items);
  const systems = [b.instructions ?? undefined, system].filter((s): s is string => !!s);
  return ok({
    model: b.model,
    system: systems.length > 0 ? systems.join('\n\n') : undefined,
    messages,
    maxTokens: b.max_output_tokens ?? undefined,
    temperature: b.temperature ?? undefined,
    stream: b.stream === true,
    includeUsage: true,
  });
}

/** Input items: role messages (with or without type 'message'), tool calls and outputs; references carry no text. */
function responsesItem(item: Record<string, unknown>): RecordedMessage[] {
  if (typeof item.role === 'string') return [{ role: item.role, content: partsText(item.content, item) }];
  if (item.type === 'function_call')
    return [{ role: 'assistant', content: `[tool-call ${String(item.name)}]` }];
  if (item.type === 'function_call_output') return [{ role: 'tool', content: stringify(item.output) }];
  return [];
}

function normaliseAnthropic(body: unknown): NormaliseResult {
  const parsed = AnthropicBodySchema.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const b = parsed.data;
  const system = b.system === undefined ? '' : partsText(b.system, {});
  return ok({
    model: b.model,
    system: system === '' ? undefined : system,
    messages: b.messages.map((m) => ({ role: m.role, content: partsText(m.content, m) })),
    maxTokens: b.max_tokens,
    temperature: b.temperature ?? undefined,
    stream: b.stream === true,
    includeUsage: true,
  });
}

function normaliseOllamaNative(body: unknown): NormaliseResult {
  const parsed = OllamaChatBodySchema.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const b = parsed.data;
  return ok({
    model: b.model,
    ...splitSystem(b.messages.map((m) => ({ role: m.role, content: partsText(m.content, m) }))),
    maxTokens: b.options?.num_predict ?? undefined,
    temperature: b.options?.temperature ?? undefined,
    // Ollama's native API streams unless told otherwise.
    stream: b.stream !== false,
    includeUsage: true,
  });
}

function splitSystem(all: RecordedMessage[]): { system?: string; messages: RecordedMessage[] } {
  const system = all.filter((m) => SYSTEM_ROLES.has(m.role)).map((m) => m.content);
  const messages = all.filter((m) => !SYSTEM_ROLES.has(m.role));
  return system.length > 0 ? { system: system.join('\n\n'), messages } : { messages };
}

/** Text of a content value: a string, or an array of parts of any of the three protocols. */
function partsText(content: unknown, message: Record<string, unknown>): string {
  if (typeof content === 'string') return content;
  const texts: string[] = [];
  if (Array.isArray(content)) {
    for (const part of content) texts.push(partText(part));
  }
  // OpenAI assistant messages carry tool calls beside a null content.
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls) {
      texts.push(`[tool-call ${String((call as { function?: { name?: string } }).function?.name)}]`);
    }
  }
  return texts.filter((t) => t !== '').join('\n');
}

function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (typeof part !== 'object' || part === null) return '';
  const p = part as Record<string, unknown>;
  if (typeof p.text === 'string') return p.text;
  const type = String(p.type ?? '');
  if (type === 'tool_use') return `[tool-call ${String(p.name)}]`;
  if (type === 'tool_result') return partsText(p.content, {});
  if (type.includes('image')) return '[image]';
  if (type.includes('file') || type === 'document') return '[file]';
  return '';
}

function stringify(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? '');
}

function ok(request: NormalisedRequest): NormaliseResult {
  return { ok: true, request };
}

function invalid(error: z.ZodError): NormaliseResult {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, message: `${where}${issue?.message ?? 'invalid request body'}` };
}
