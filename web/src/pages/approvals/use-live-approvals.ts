// Live updates: the server's event stream (GET /api/events, the session cookie) says when any process queued
// or moved an approval item; the page then re-reads its lists and counts. The browser reconnects a dropped
// stream by itself; the page says when it is not listening.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApprovalChangeEvent, LIVE_EVENTS_PATH } from '../../../../src/contracts/live-events.js';

// Typed against the contract without importing it (its zod schemas would land in this chunk).
const EVENTS_PATH: typeof LIVE_EVENTS_PATH = '/api/events';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** Listens while mounted; `onQueued` hears each newly queued item. */
export function useLiveApprovals(onQueued: (event: ApprovalChangeEvent) => void): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    const source = new EventSource(EVENTS_PATH);
    const refresh = () => {
      void client.invalidateQueries({ queryKey: ['approvals'] });
      void client.invalidateQueries({ queryKey: ['approval-stats'] });
    };
    const changed = (message: MessageEvent<string>) => {
      refresh();
      if (message.type === 'approval_queued') onQueued(JSON.parse(message.data) as ApprovalChangeEvent);
    };
    source.addEventListener('ready', () => {
      setState('live');
      // Whatever changed while the stream was down is read again.
      refresh();
    });
    source.addEventListener('approval_queued', changed);
    source.addEventListener('approval_updated', changed);
    source.addEventListener('error', () => setState('reconnecting'));
    return () => source.close();
  }, [client, onQueued]);
  return state;
}
