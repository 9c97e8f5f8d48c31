import type { TFunction } from 'i18next';
import type {
  AbnormalReason,
  DeviceStatusValue,
  LoggedChange,
  OperationAction,
  OperationOutcome,
  RolloutReason,
  RolloutState,
} from '@dcc/contract';

/**
 * The console's one renderer of each contract code list shown to a user: the name in the reader's
 * language, never the code. codeNames.test.ts checks every code of every list has a name in both languages.
 */
export const codeNames = {
  /** What became of a command in the operation log. */
  outcome: (t: TFunction, outcome: OperationOutcome) => t(`deviceHistory.operation.outcomes.${outcome}`),
  /** What became of each device of a batch lock or unlock ('rejected' reads 'not sent' there). */
  batchOutcome: (t: TFunction, outcome: OperationOutcome) => t(`devices.batch.outcomes.${outcome}`),
  operationAction: (t: TFunction, action: OperationAction) => t(`deviceHistory.operation.actions.${action}`),
  operationField: (t: TFunction, field: LoggedChange['field']) => t(`deviceHistory.operation.fields.${field}`),
  /** A device's state in an OTA task, as the operation log names it (field otaState). */
  otaState: (t: TFunction, state: RolloutState) => t(`deviceHistory.operation.otaStates.${state}`),
  /** Why a device was deferred, cancelled or failed in an OTA task, as the operation log names it (field otaReason). */
  otaReason: (t: TFunction, reason: RolloutReason) => t(`deviceHistory.operation.otaReasons.${reason}`),
  /** An abnormal device's reason with its count. */
  abnormalReason: (t: TFunction, reason: AbnormalReason, count: number) =>
    t(`deviceFaults.reasonCount.${reason}`, { count }),
  deviceStatus: (t: TFunction, status: DeviceStatusValue) => t(`devices.status.${status}`),
} as const;
