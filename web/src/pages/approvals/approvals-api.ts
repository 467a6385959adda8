// The Approvals page's talk with the server: the queue by tab (paged, oldest first), the counts per status,
// review (approve, reject with a note, approve all up to max_batch_approve), edits and their history.
import type { ApprovalEdit, ApprovalItem, ApprovalStatus } from '../../../../src/contracts/approvals.js';
import { api } from '../../api.js';

export type { ApprovalEdit, ApprovalItem, ApprovalStatus };

/** The page's tabs; "Approved" also holds items being posted right now (status `posting`). */
export const TABS = [
  { id: 'pending', label: 'Pending', statuses: ['pending'] },
  { id: 'approved', label: 'Approved', statuses: ['approved', 'posting'] },
  { id: 'rejected', label: 'Rejected', statuses: ['rejected'] },
  { id: 'posted', label: 'Posted', statuses: ['posted'] },
  { id: 'failed', label: 'Failed', statuses: ['failed'] },
  { id: 'expired', label: 'Expired', statuses: ['expired'] },
] as const satisfies ReadonlyArray<{ id: string; label: string; statuses: readonly ApprovalStatus[] }>;
export type Tab = (typeof TABS)[number];
export type TabId = Tab['id'];

export const tabOf = (id: string | null): Tab => TABS.find((tab) => tab.id === id) ?? TABS[0];

/** The largest page the list endpoint answers. */
export const PAGE_SIZE = 200;

export interface ApprovalPage {
  items: ApprovalItem[];
  total: number;
  limit: number;
  offset: number;
}

export function loadPage(tab: Tab, offset: number): Promise<ApprovalPage> {
  // Comma-separated, as the list takes a status list in a query string.
  return api.approvals.list({ status: tab.statuses.join(','), limit: PAGE_SIZE, offset });
}

export const loadStats = (): Promise<Record<ApprovalStatus, number>> => api.approvals.stats();

export const loadHistory = (id: number) => api.approvals.history(id);

/** The batch cap the server applies to "Approve all" (read from the settings; absent if they cannot be read). */
export async function loadBatchCap(): Promise<number | null> {
  const view = await api.settings.get();
  return (view.config as { max_batch_approve?: number }).max_batch_approve ?? null;
}

export const approve = (id: number) => api.approvals.approve(id);

export const reject = (id: number, notes: string) => api.approvals.reject(id, notes ? { notes } : {});

export const edit = (id: number, content: string) => api.approvals.edit(id, { content });

export interface ApproveAllResult {
  approved: Array<{ id: number; job_id: number | null }>;
  skipped: Array<{ id: number; code: string; reason: string }>;
  max_batch: number;
}

export const approveAll = (): Promise<ApproveAllResult> => api.approvals.approveAll();

/** Who queued an item, as people say it. */
export function sourceLabel(actor: string): string {
  if (actor.startsWith('loop:')) return `Loop: ${actor.slice(5)}`;
  if (actor === 'agent') return 'Agent';
  if (actor === 'dashboard') return 'Dashboard';
  if (actor === 'api') return 'API';
  if (actor === 'cli') return 'CLI';
  return actor;
}

/** Posts, replies, quotes and threads (editable, with an edit history); anything else is a routed tool call. */
export const isContent = (item: ApprovalItem) =>
  item.tool_name === null || ['tweet', 'reply', 'quote', 'thread'].includes(item.action_type);
