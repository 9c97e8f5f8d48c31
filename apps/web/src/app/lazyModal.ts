import type { ModalFuncProps } from 'antd';

export type ModalKind = 'confirm' | 'info' | 'success' | 'error' | 'warning';

/** Confirm and notice dialogs: antd's modal functions, opened once antd's Modal code has loaded. */
export type ModalApi = Record<ModalKind, (config: ModalFuncProps) => void>;

export interface ModalRequest {
  kind: ModalKind;
  config: ModalFuncProps;
}

const KINDS: readonly ModalKind[] = ['confirm', 'info', 'success', 'error', 'warning'];

/** A modal API that hands every dialog asked for to `ask` (the provider queues them for the ModalHost). */
export function queuedModalApi(ask: (request: ModalRequest) => void): ModalApi {
  return Object.fromEntries(KINDS.map((kind) => [kind, (config: ModalFuncProps) => ask({ kind, config })])) as ModalApi;
}
