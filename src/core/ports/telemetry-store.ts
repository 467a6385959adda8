// One row per tool invocation (spec: "All tool invocations are recorded in a telemetry table").
export interface ToolInvocation {
  tool_name: string;
  category: string;
  profile: string;
  latency_ms: number;
  success: boolean;
  error_code?: string;
  policy_decision?: string;
  at: Date;
}

export interface TelemetryRecorder {
  record(call: ToolInvocation): void;
  /** Writes buffered rows now, and waits for writes already under way. */
  flush(): Promise<void>;
}
