import type { CallDef } from '@dcc/contract';

/** What the call pipeline hands the API call log about one answered call (cheap to make: no redaction, no lookup). */
export interface AnsweredCall {
  call: CallDef;
  /** The body's payload as it came (context fields split off); the log redacts it (contract secret-field.ts). */
  payload: unknown;
  at: Date;
  /** Fastify's request id, the one the server's own log lines of the call carry. */
  requestId: string;
  userId: string | null;
  /** The company the call acted for (its permission scope); null when it had none. */
  dealerId: string | null;
  ip: string;
  /** error_code of the answer. */
  outcomeCode: number;
  durationMs: number;
}

/** The API call log's sink, as the call pipeline sees it (modules/logs ApiCallWriter). */
export interface CallRecorder {
  record(answered: AnsweredCall): void;
}
