/** Enums and state machines of spec section 4. */

export const NoticeStatus = { UNREAD: 0, READ: 1 } as const;
export type NoticeStatusValue = (typeof NoticeStatus)[keyof typeof NoticeStatus];

export const PlatformState = { ACTIVE: 'A' } as const;
export const PlatformStatusLevel = { WARNING: 'warning', ERROR: 'error' } as const;
export type PlatformStatusLevelValue = (typeof PlatformStatusLevel)[keyof typeof PlatformStatusLevel];

export const Identity = { DEALER: 'dealer', USER: 'user' } as const;
export type IdentityValue = (typeof Identity)[keyof typeof Identity];

export const ProjectCheckState = { NOT_SUBMITTED: 0, PENDING: 1, PASSED: 2, REJECTED: 3 } as const;
export const CenControl = { ORDINARY: 'N', CENTRAL: 'Y' } as const;

export const DispatchStatus = {
  TO_BE_SENT: 0,
  ORDERED: 1,
  FINISHED: 2,
  UNFINISHED: 3,
  NOT_RESPONDING: 4,
  CANCELLED: 5,
  TO_BE_ADDED: 6,
} as const;
export const DealingState = { UNTREATED: 0, PROCESSING: 1, PROCESSED: 2 } as const;
export const RiskLevel = { HIGH: 1, VERY_HIGH: 2 } as const;
export const DispatchType = { AUTO: 0, MANUAL: 1 } as const;

export const OtaUpgradeStatus = {
  UPGRADING: 'upgrading',
  FAILED: 'failed',
  DOWNLOAD_FAILED: 'downloadFailed',
  FINISHED: 'finished',
} as const;
export const OtaParamStatus = {
  NOT_UPLOADED: 'notUploaded',
  UPLOADED: 'uploaded',
  DOWNLOAD_SUCCEEDED: 'downloadSucceeded',
  DOWNLOAD_FAILED: 'downloadFailed',
  DOWNLOADING: 'downloading',
  CLOUD_PROTOCOL_ERROR: 'cloudProtocolError',
  CHECK_FAILURE: 'checkFailure',
  DOWNLOAD_TIMEOUT: 'downloadTimeout',
} as const;
export const RollbackStatus = { INITIALIZING: 'initializing', SUCCESS: 'success', FAILURE: 'failure' } as const;
export const MacAllocation = { UNDISTRIBUTED: 'undistributed', OCCUPIED: 'occupied', SUCCEEDED: 'succeeded' } as const;
export const FaultRepairStatus = { NOT_REPAIRED: 0, REPAIRED: 1 } as const;
export const IntroductionStatus = { DRAFT: 0, PUBLISHED: 1 } as const;
export const ChatConnection = { CONNECTING: 0, READY: 1, HISTORY_LOADED: 2 } as const;

export const DEALER_LEVELS = [0, 1, 2, 3, 4, 5] as const;

/** Allowed transitions of the project audit (projectCheckState). */
export const PROJECT_AUDIT_TRANSITIONS: Record<number, readonly number[]> = {
  [ProjectCheckState.NOT_SUBMITTED]: [ProjectCheckState.PENDING],
  [ProjectCheckState.PENDING]: [ProjectCheckState.PASSED, ProjectCheckState.REJECTED],
  [ProjectCheckState.REJECTED]: [ProjectCheckState.PENDING],
  [ProjectCheckState.PASSED]: [],
};

/** Whether a state machine allows moving from `from` to `to`. */
export function canTransition(machine: Record<number, readonly number[]>, from: number, to: number): boolean {
  return machine[from]?.includes(to) ?? false;
}
