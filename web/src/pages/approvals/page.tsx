// The Approvals page (/approvals): the queue by status in tabs, a virtualized list beside the selected item
// in full, review (approve, reject with a note, edit with history, approve all up to max_batch_approve),
// keyboard triage (j/k, a, r, e) and live updates when any process queues an item.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PostWarning } from '../../../../src/contracts/post-warnings.js';
import { ApiError } from '../../api-request.js';
import { PostWarnings } from '../../components/post-warnings.js';
import { navigate, useLocation } from '../../router.js';
import { Badge } from '../../ui/badge.js';
import { EmptyState } from '../../ui/empty-state.js';
import { PageHeader } from '../../ui/page-header.js';
import { Tabs } from '../../ui/tabs.js';
import { ApprovalDetail } from './approval-detail.js';
import { ApprovalList } from './approval-list.js';
import {
  type ApprovalItem,
  type ApproveAllResult,
  approve,
  approveAll,
  edit,
  isContent,
  loadBatchCap,
  loadPage,
  loadStats,
  reject,
  sourceLabel,
  TABS,
  type Tab,
  tabOf,
} from './approvals-api.js';
import { ApproveAllButton, RejectDialog } from './review-dialogs.js';
import { isTriageKey, KeyboardHelp } from './triage-keys.js';
import { useLiveApprovals } from './use-live-approvals.js';
import './approvals.css';

function failure(error: unknown): string {
  if (error instanceof ApiError && error.offline)
    return 'The server cannot be reached. Check that `app serve` is running, then reload the page.';
  return (error as Error).message;
}

function approveAllSummary(result: ApproveAllResult, pendingBefore: number): string {
  const approved = result.approved.length;
  const capped = pendingBefore > result.max_batch;
  const parts = [`Approved ${approved} ${approved === 1 ? 'item' : 'items'}.`];
  if (capped)
    parts.push(
      `The batch cap applied: at most ${result.max_batch} at a time (max_batch_approve); ${pendingBefore - result.max_batch} still wait.`,
    );
  for (const skip of result.skipped) parts.push(`Item ${skip.id} not approved: ${skip.reason}.`);
  return parts.join(' ');
}

function useTabItems(tab: Tab) {
  const query = useInfiniteQuery({
    queryKey: ['approvals', tab.id],
    queryFn: ({ pageParam }) => loadPage(tab, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
  });
  const items = useMemo(() => {
    const seen = new Set<number>();
    const all: ApprovalItem[] = [];
    for (const page of query.data?.pages ?? [])
      for (const item of page.items) if (!seen.has(item.id) && seen.add(item.id)) all.push(item);
    return all;
  }, [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { query, items, total };
}

export default function ApprovalsPage() {
  const client = useQueryClient();
  const { params } = useLocation();
  const tab = tabOf(params.get('tab'));
  const { query, items, total } = useTabItems(tab);
  const stats = useQuery({ queryKey: ['approval-stats'], queryFn: loadStats });
  const cap = useQuery({ queryKey: ['approval-batch-cap'], queryFn: loadBatchCap, staleTime: 60_000 });
  const [selectedId, setSelectedId] = useState<number>();
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [notice, setNotice] = useState('');
  const [warnings, setWarnings] = useState<PostWarning[] | undefined>();
  const [arrived, setArrived] = useState('');
  const lastIndex = useRef(0);

  // Keep a selection: the same item while it stays in the tab, else the one now at its place.
  const selectedIndex = items.findIndex((item) => item.id === selectedId);
  if (selectedIndex >= 0) lastIndex.current = selectedIndex;
  const selected =
    selectedIndex >= 0 ? items[selectedIndex] : items[Math.min(lastIndex.current, items.length - 1)];
  useEffect(() => {
    if (selected && selected.id !== selectedId) setSelectedId(selected.id);
  }, [selected, selectedId]);

  const onQueued = useCallback(
    (event: { id: number; actor: string; action_type: string }) =>
      setArrived(`New ${event.action_type} #${event.id} queued by ${sourceLabel(event.actor)}.`),
    [],
  );
  const live = useLiveApprovals(onQueued);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['approvals'] });
    void client.invalidateQueries({ queryKey: ['approval-stats'] });
  };
  const review = useMutation({
    mutationFn: async (action: { kind: 'approve' | 'reject' | 'edit'; id: number; text?: string }) => {
      if (action.kind === 'approve') return approve(action.id);
      if (action.kind === 'reject') return reject(action.id, action.text ?? '');
      return edit(action.id, action.text ?? '');
    },
    onSuccess: (result, action) => {
      setEditing(false);
      // An approved post that repeats a recent or waiting one: said, and it goes out all the same.
      setWarnings(action.kind === 'approve' ? (result as { warnings?: PostWarning[] }).warnings : undefined);
      setNotice(
        action.kind === 'approve'
          ? `Item ${action.id} approved.`
          : action.kind === 'reject'
            ? `Item ${action.id} rejected.`
            : `Item ${action.id} edited.`,
      );
      refresh();
    },
    onSettled: refresh,
  });
  const batch = useMutation({
    mutationFn: approveAll,
    onSuccess: (result) => {
      setWarnings(undefined);
      setNotice(approveAllSummary(result, stats.data?.pending ?? 0));
    },
    onSettled: refresh,
  });
  const reviewError = review.error && review.variables?.id === selected?.id ? review.error : undefined;

  const move = (step: number) => {
    if (items.length === 0) return;
    const from = selectedIndex >= 0 ? selectedIndex : 0;
    const next = items[Math.max(0, Math.min(items.length - 1, from + step))];
    if (next) {
      setEditing(false);
      setSelectedId(next.id);
    }
  };
  const act = (key: string) => {
    if (key === 'j') return move(1);
    if (key === 'k') return move(-1);
    if (selected?.status !== 'pending' || review.isPending) return;
    if (key === 'a') review.mutate({ kind: 'approve', id: selected.id });
    if (key === 'r') setRejecting(true);
    if (key === 'e' && isContent(selected)) setEditing(true);
  };
  const keys = useRef(act);
  keys.current = act;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isTriageKey(event)) return;
      event.preventDefault();
      keys.current(event.key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const count = (t: Tab) => t.statuses.reduce((sum, status) => sum + (stats.data?.[status] ?? 0), 0);
  const pending = stats.data?.pending ?? 0;
  const go = (next: Tab) => {
    setEditing(false);
    setSelectedId(undefined);
    lastIndex.current = 0;
    navigate(next.id === 'pending' ? '/approvals' : `/approvals?tab=${next.id}`);
  };
  const loadMore = useCallback(() => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, [query]);

  return (
    <main className="page approvals">
      <PageHeader
        title="Approvals"
        description={
          <p className="live-state" aria-live="polite">
            {live === 'live'
              ? 'Live: new items appear as they are queued.'
              : live === 'reconnecting'
                ? 'Live updates paused: the server cannot be reached; reconnecting.'
                : 'What the loops and agents want to post, waiting for your yes.'}
          </p>
        }
        actions={
          <ApproveAllButton
            pending={pending}
            cap={cap.data ?? null}
            busy={batch.isPending}
            onConfirm={() => batch.mutate()}
          />
        }
      />
      <p className="visually-hidden" aria-live="polite">
        {arrived}
      </p>
      {notice ? (
        <p className="approvals-notice" role="status">
          {notice}
        </p>
      ) : null}
      <PostWarnings warnings={warnings} />
      {batch.error ? (
        <p role="alert" className="error">
          Approve all failed: {failure(batch.error)}
        </p>
      ) : null}
      <Tabs
        label="Status"
        className="approval-tabs"
        panelId="approval-panel"
        items={TABS.map((t) => ({
          id: t.id,
          label: (
            <>
              {t.label} {stats.data ? <Badge>{count(t)}</Badge> : null}
            </>
          ),
        }))}
        selected={tab.id}
        onSelect={(id) => go(TABS.find((t) => t.id === id) ?? tab)}
      />
      <div id="approval-panel" role="tabpanel" aria-labelledby={`tab-${tab.id}`} className="approval-panel">
        {query.error ? (
          <p role="alert" className="error">
            The approval queue cannot be read: {failure(query.error)}
          </p>
        ) : null}
        {query.data && items.length === 0 ? (
          tab.id === 'pending' ? (
            <EmptyState title="Nothing is waiting for approval.">
              Items queued by the loops, agents or the API appear here as they arrive.
            </EmptyState>
          ) : (
            <EmptyState title={`No ${tab.label.toLowerCase()} items`} />
          )
        ) : null}
        {items.length > 0 ? (
          <div className="approval-layout">
            <ApprovalList
              label={`${tab.label} items`}
              items={items}
              total={total}
              selectedId={selected?.id}
              onSelect={(id) => {
                setEditing(false);
                setSelectedId(id);
              }}
              onNearEnd={loadMore}
              onStep={move}
            />
            {selected ? (
              <ApprovalDetail
                key={selected.id}
                item={selected}
                editing={editing}
                setEditing={setEditing}
                busy={review.isPending}
                error={reviewError ? `Not done: ${failure(reviewError)}` : undefined}
                onApprove={() => review.mutate({ kind: 'approve', id: selected.id })}
                onReject={() => setRejecting(true)}
                onSave={(text) => review.mutate({ kind: 'edit', id: selected.id, text })}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      <KeyboardHelp />
      <RejectDialog
        itemId={selected?.id}
        open={rejecting}
        onOpenChange={setRejecting}
        onReject={(note) => {
          setRejecting(false);
          if (selected) review.mutate({ kind: 'reject', id: selected.id, text: note });
        }}
      />
    </main>
  );
}
