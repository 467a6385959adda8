// Responses API answers (/v1/responses, what `createOpenAI()(model)` calls): the whole `response` object, or
// the event stream response.created → output_item.added → content_part.added → output_text.delta… →
// output_text.done → content_part.done → output_item.done → response.completed (or .incomplete when cut).
import type { ServerResponse } from 'node:http';
import type { NormalisedRequest } from './normalize.js';
import { streamPieces } from './text.js';
import type { Answer } from './types.js';
import { openStream, sendJson } from './wire.js';

export function sendResponses(
  res: ServerResponse,
  answer: Answer,
  request: NormalisedRequest,
  body: unknown,
) {
  const itemId = `msg_${answer.id.slice('resp_'.length)}`;
  const part = { type: 'output_text', text: answer.text, annotations: [], logprobs: [] };
  const item = { id: itemId, type: 'message', status: 'completed', role: 'assistant', content: [part] };
  const cut = answer.finish === 'length';
  const response = (state: 'in_progress' | 'final') => ({
    id: answer.id,
    object: 'response',
    created_at: answer.created,
    status: state === 'in_progress' ? 'in_progress' : cut ? 'incomplete' : 'completed',
    error: null,
    incomplete_details: state === 'final' && cut ? { reason: 'max_output_tokens' } : null,
    instructions: (body as { instructions?: unknown }).instructions ?? null,
    max_output_tokens: request.maxTokens ?? null,
    model: answer.model,
    output: state === 'final' ? [item] : [],
    parallel_tool_calls: true,
    previous_response_id: null,
    store: (body as { store?: unknown }).store ?? true,
    temperature: request.temperature ?? 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    truncation: 'disabled',
    usage: state === 'final' ? usage(answer) : null,
    metadata: {},
  });
  if (!request.stream) {
    sendJson(res, 200, response('final'));
    return;
  }
  const stream = openStream(res, 'text/event-stream');
  let sequence = 0;
  const emit = (type: string, fields: Record<string, unknown>) =>
    stream.event({ type, sequence_number: sequence++, ...fields }, type);
  const at = { item_id: itemId, output_index: 0, content_index: 0 };
  emit('response.created', { response: response('in_progress') });
  emit('response.in_progress', { response: response('in_progress') });
  emit('response.output_item.added', {
    output_index: 0,
    item: { ...item, status: 'in_progress', content: [] },
  });
  emit('response.content_part.added', { ...at, part: { ...part, text: '' } });
  for (const delta of streamPieces(answer.text))
    emit('response.output_text.delta', { ...at, delta, logprobs: [] });
  emit('response.output_text.done', { ...at, text: answer.text, logprobs: [] });
  emit('response.content_part.done', { ...at, part });
  emit('response.output_item.done', { output_index: 0, item });
  emit(cut ? 'response.incomplete' : 'response.completed', { response: response('final') });
  stream.end();
}

function usage(answer: Answer) {
  return {
    input_tokens: answer.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: answer.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: answer.inputTokens + answer.outputTokens,
  };
}
