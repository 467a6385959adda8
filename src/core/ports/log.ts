// The log lines services, operations and loops write (the app gives them its logger, pino, through this).

export interface LogFn {
  (message: string): void;
  (fields: object, message?: string): void;
}

export interface Log {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}
