// Live updates: when any process queued or moved an approval item, the page re-reads its lists and counts.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApprovalChangeEvent } from '../../../../src/contracts/live-events.js';
import { type LiveState, useApprovalEvents } from '../../live-events.js';

/** Listens while mounted; `onQueued` hears each newly queued item. */
export function useLiveApprovals(onQueued: (event: ApprovalChangeEvent) => void): LiveState {
  const client = useQueryClient();
  const changed = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['approvals'] });
    void client.invalidateQueries({ queryKey: ['approval-stats'] });
  }, [client]);
  return useApprovalEvents({ changed, queued: onQueued });
}
