// The server's event stream (GET /api/events, the session cookie): it says when any process — a loop, an
// agent, another tab — queued or moved an approval item. The browser reconnects a dropped stream by itself;
// the state says whether the page is listening.
import { useEffect, useState } from 'react';
import type { ApprovalChangeEvent, LIVE_EVENTS_PATH } from '../../src/contracts/live-events.js';
import { withAccount } from './current-account.js';

// Typed against the contract without importing it (its zod schemas would land in every chunk using this).
const EVENTS_PATH: typeof LIVE_EVENTS_PATH = '/api/events';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

export interface ApprovalListener {
  /** Any item queued or moved; also once the stream is (re)opened, for what changed while it was down. */
  changed: () => void;
  /** Each newly queued item. */
  queued?: (event: ApprovalChangeEvent) => void;
}

/** Listens while mounted. Pass stable callbacks (a new one reopens the stream). */
export function useApprovalEvents({ changed, queued }: ApprovalListener): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    const source = new EventSource(withAccount(EVENTS_PATH));
    const onMessage = (message: MessageEvent<string>) => {
      changed();
      if (message.type === 'approval_queued') queued?.(JSON.parse(message.data) as ApprovalChangeEvent);
    };
    source.addEventListener('ready', () => {
      setState('live');
      changed();
    });
    source.addEventListener('approval_queued', onMessage);
    source.addEventListener('approval_updated', onMessage);
    source.addEventListener('error', () => setState('reconnecting'));
    return () => source.close();
  }, [changed, queued]);
  return state;
}
