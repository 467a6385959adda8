// The shell's pages, found by folder: web/src/pages/<name>/meta.ts (bundled with the shell, so the
// navigation knows every page) and web/src/pages/<name>/page.tsx (its own chunk, loaded on first visit).
// A page is added by adding its folder; nothing else lists them.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageMeta } from './page-meta.js';

export interface ShellPage extends PageMeta {
  Component: LazyExoticComponent<ComponentType>;
}

const metas = import.meta.glob<PageMeta>('./*/meta.ts', { eager: true, import: 'meta' });
const modules = import.meta.glob<{ default: ComponentType }>('./*/page.tsx');

export const PAGES: readonly ShellPage[] = Object.entries(metas)
  .map(([file, meta]) => {
    const load = modules[file.replace(/meta\.ts$/, 'page.tsx')];
    if (!load) throw new Error(`${file} has no page.tsx beside it`);
    return { ...meta, Component: lazy(load) };
  })
  .sort((a, b) => a.order - b.order);

export function pageAt(path: string): ShellPage | undefined {
  return PAGES.find((page) => page.path === path);
}
