// Faults the fake web API injects on demand: an HTTP status, a dropped connection (before or after the
// request took effect), no answer at all, an HTML error page, or a body that is not valid JSON.

export type FaultAction = 'status' | 'drop' | 'drop-after' | 'hang' | 'html' | 'malformed';

export interface FaultSpec {
  /** Substring of the request path (e.g. `SearchTimeline`, `/1.1/guest/activate.json`); any request when absent. */
  path?: string;
  /** How many matching requests it hits (default 1). */
  times?: number;
  action: FaultAction;
  /** For `status` (required) and `html` (default 200). */
  status?: number;
  /** JSON body for `status` (default an `errors` body). */
  body?: unknown;
  headers?: Record<string, string>;
}

export const HTML_ERROR_PAGE =
  '<!DOCTYPE html><html><head><title>Something went wrong</title></head>' +
  '<body><h1>Something went wrong, but don’t fret — it’s not your fault.</h1><p>Try reloading.</p></body></html>';

/** A truncated JSON document, as a connection cut mid-body or a broken proxy produces. */
export const MALFORMED_JSON = '{"data":{"user":{"result":{"__typename":"User","rest_id":"10';

export class FakeFaults {
  private readonly queue: Array<FaultSpec & { left: number }> = [];

  inject(spec: FaultSpec): void {
    if (spec.action === 'status' && spec.status === undefined)
      throw new Error('a status fault needs a status');
    this.queue.push({ ...spec, left: spec.times ?? 1 });
  }

  /** The fault for this request, if one matches; each hit uses up one of its `times`. */
  take(path: string): FaultSpec | undefined {
    const index = this.queue.findIndex((f) => f.path === undefined || path.includes(f.path));
    if (index < 0) return undefined;
    const fault = this.queue[index];
    if (!fault) return undefined;
    fault.left--;
    if (fault.left <= 0) this.queue.splice(index, 1);
    return fault;
  }

  /** Faults not yet used up. */
  pending(): number {
    return this.queue.length;
  }

  clear(): void {
    this.queue.length = 0;
  }
}
