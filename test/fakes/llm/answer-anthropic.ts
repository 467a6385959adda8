// Anthropic Messages answers (/v1/messages): the whole `message`, or the SSE sequence message_start →
// content_block_start → ping → content_block_delta… → content_block_stop → message_delta → message_stop.
// Input tokens come in message_start and output tokens in message_delta, as the real API splits them.
import type { ServerResponse } from 'node:http';
import type { NormalisedRequest } from './normalize.js';
import { streamPieces } from './text.js';
import type { Answer } from './types.js';
import { openStream, sendJson } from './wire.js';

export function sendAnthropic(res: ServerResponse, answer: Answer, request: NormalisedRequest) {
  const stopReason = answer.finish === 'length' ? 'max_tokens' : 'end_turn';
  const message = {
    id: answer.id,
    type: 'message',
    role: 'assistant',
    model: answer.model,
    content: [{ type: 'text', text: answer.text }],
    stop_reason: stopReason,
    stop_sequence: null,
    usage: {
      input_tokens: answer.inputTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: answer.outputTokens,
      service_tier: 'standard',
    },
  };
  if (!request.stream) {
    sendJson(res, 200, message, { 'request-id': `req_${answer.id.slice('msg_'.length)}` });
    return;
  }
  const stream = openStream(res, 'text/event-stream');
  const emit = (type: string, fields: Record<string, unknown> = {}) =>
    stream.event({ type, ...fields }, type);
  emit('message_start', {
    message: {
      ...message,
      content: [],
      stop_reason: null,
      usage: { ...message.usage, output_tokens: 1 },
    },
  });
  emit('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  emit('ping');
  for (const text of streamPieces(answer.text)) {
    emit('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
  }
  emit('content_block_stop', { index: 0 });
  emit('message_delta', {
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: answer.outputTokens },
  });
  emit('message_stop');
  stream.end();
}
