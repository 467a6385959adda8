// Every platform call is recorded so a budget view can show usage per endpoint and month.
export interface ApiCall {
  host: string;
  method: string;
  /** The endpoint template, e.g. `/2/users/{id}/tweets`, so calls group by endpoint, not by id. */
  endpoint: string;
  /** 0 when no HTTP answer arrived. */
  status: number;
  latencyMs: number;
  errorCode?: string;
}

export interface ApiUsageRecorder {
  record(call: ApiCall): void;
}
