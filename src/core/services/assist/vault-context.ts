// Vault context for tweet, thread and improve generation: the account's winning posts on its keywords
// (recency-weighted, at most 5) and matching notes (at most 5), as a block of at most 2000 characters for
// the system prompt. It never blocks a generation: any problem means no block.
import type { VaultStore } from '../../ports/vault-store.js';

export const VAULT_BLOCK_MAX = 2000;
const ANCESTORS_MAX = 800;
const NOTES_MAX = 1000;
const HALF_LIFE_DAYS = 14;

export interface VaultCitation {
  node_id: number;
  title: string | null;
  source_path: string;
  snippet: string;
}

export interface VaultContext {
  block?: string;
  citations: VaultCitation[];
}

export interface VaultDeps {
  vault: VaultStore;
  clock: { now(): Date };
  /** product_keywords + competitor_keywords + industry topics (throws on a config problem). */
  keywords: () => readonly string[];
  logger?: { warn(obj: object, msg: string): void };
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Adds numbered entries while the section stays within `max` characters; an entry that does not fit is skipped. */
function section(header: string, entries: string[], max: number): string | undefined {
  let text = header;
  let n = 0;
  for (const entry of entries) {
    const next = `${text}\n${n + 1}. ${entry}`;
    if (next.length > max) continue;
    text = next;
    n++;
  }
  return n > 0 ? text : undefined;
}

/** Cuts at a character boundary (never inside a surrogate pair). */
function capAt(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return text.slice(0, cut);
}

export async function buildVaultContext(
  deps: VaultDeps,
  options: { selectedNodeIds?: readonly number[] } = {},
): Promise<VaultContext> {
  try {
    const keywords = [
      ...new Map(deps.keywords().map((k) => [k.trim().toLowerCase(), k.trim()])).values(),
    ].filter(Boolean);
    const selected = options.selectedNodeIds?.length
      ? await deps.vault.notesById(options.selectedNodeIds)
      : [];
    if (keywords.length === 0 && selected.length === 0) return { citations: [] };

    const now = deps.clock.now().getTime();
    const posts = keywords.length ? await deps.vault.winningPosts(keywords, 50) : [];
    const best = Math.max(0, ...posts.map((p) => p.engagement));
    const ancestors = posts
      .filter((p) => p.engagement > 0)
      .map((p) => {
        const days = Math.max(0, (now - p.postedAt.getTime()) / 86_400_000);
        return {
          post: p,
          weight: (best > 0 ? p.engagement / best : 0.5) * Math.exp((-Math.LN2 * days) / HALF_LIFE_DAYS),
        };
      })
      .sort((a, b) => b.weight - a.weight)
      .slice(0, 5);

    const matched = keywords.length ? await deps.vault.matchingNotes(keywords, 5) : [];
    const notes = [...selected, ...matched.filter((n) => !selected.some((s) => s.nodeId === n.nodeId))].slice(
      0,
      5,
    );

    const both = ancestors.length > 0 && notes.length > 0;
    const ancestorText = section(
      'Patterns from your best-performing posts (use them as inspiration; do not copy them):',
      ancestors.map(({ post }) => `(${post.kind}) "${clip(flat(post.text), 120)}"`),
      both ? ANCESTORS_MAX : VAULT_BLOCK_MAX,
    );
    const noteText = section(
      'Relevant notes from your knowledge base (ground the answer in them where they fit):',
      notes.map((n) => `"${clip(flat(n.text), 200)}" (from: ${n.title ?? n.path})`),
      NOTES_MAX,
    );
    const block = [ancestorText, noteText].filter(Boolean).join('\n\n');
    return {
      ...(block ? { block: capAt(block, VAULT_BLOCK_MAX) } : {}),
      citations: notes.map((n) => ({
        node_id: n.nodeId,
        title: n.title,
        source_path: n.path,
        snippet: clip(flat(n.text), 120),
      })),
    };
  } catch (error) {
    deps.logger?.warn({ err: error }, 'vault context skipped');
    return { citations: [] };
  }
}
