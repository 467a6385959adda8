// What the shell knows of a page before loading it: its path, its name in the navigation, and its place
// there. Each page folder (web/src/pages/<name>/) has a meta.ts with one of these and a page.tsx whose
// default export is the page, loaded as its own chunk.
import type { QueryClient } from '@tanstack/react-query';
import type { DashboardPath } from '../../../src/contracts/dashboard-routes.js';

export interface PageMeta {
  path: DashboardPath;
  label: string;
  /** Position in the navigation, low first. */
  order: number;
  /** Reached by the shell or by links only, never listed in the navigation (the first-run wizard). */
  hidden?: boolean;
  /**
   * Starts the reads the page's first screen cannot show without, as the app boots: beside the session
   * check and the page's chunk instead of after both (the shell asks for the page only once signed in).
   */
  prefetch?: (client: QueryClient, params: URLSearchParams) => void;
}
