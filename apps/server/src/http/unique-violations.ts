import { ErrorCode, type ErrorCodeValue } from '@dcc/contract';

/**
 * Every unique constraint a caller's write can hit, with the refusal the call's own check gives. The
 * checks run before the write; a concurrent writer can still win between check and insert, and then
 * the database's constraint refuses it. The error handler answers that refusal like the check would,
 * never with 500. A new unique constraint on caller-written data gets its line here.
 */
interface TakenRefusal {
  code: ErrorCodeValue;
  /** The request field the console marks, when the call's own check names one. */
  field?: string;
}

const TAKEN: Readonly<Record<string, TakenRefusal | ((detail: string) => TakenRefusal)>> = {
  dealers_code_key: { code: ErrorCode.DEALER_CODE_TAKEN },
  departments_owner_dealer_id_code_key: { code: ErrorCode.DEPARTMENT_CODE_EXISTS },
  // One index for both identities: PDA users sign in by user name, engineers by phone.
  users_pda_engineer_name_uq: (detail) => ({
    code: detail.includes('(pda,') ? ErrorCode.USER_NAME_EXISTS : ErrorCode.PHONE_EXISTS,
  }),
  buttons_pkey: { code: ErrorCode.BUTTON_ID_TAKEN },
  series_name_uq: { code: ErrorCode.SERIES_NAME_TAKEN },
  data_types_name_uq: { code: ErrorCode.DATA_TYPE_NAME_TAKEN },
  protocols_code_uq: { code: ErrorCode.PROTOCOL_CODE_TAKEN },
  protocol_versions_protocol_id_name_key: { code: ErrorCode.VERSION_NAME_TAKEN },
  products_name_uq: { code: ErrorCode.PRODUCT_NAME_TAKEN },
  devices_device_code_key: { code: ErrorCode.DEVICE_CODE_TAKEN, field: 'deviceCode' },
  devices_sn_uq: { code: ErrorCode.DEVICE_SN_TAKEN, field: 'sn' },
  device_macs_mac_key: { code: ErrorCode.MAC_TAKEN },
  device_macs_device_id_key: { code: ErrorCode.DEVICE_HAS_MAC },
  ota_task_devices_open_idx: { code: ErrorCode.OTA_DEVICE_BUSY },
  ota_batch_tasks_enabled_idx: { code: ErrorCode.OTA_BATCH_PRODUCT_BUSY },
};

/** The refusal a unique violation (SQLSTATE 23505) of a known constraint stands for; undefined for any other error. */
export function takenRefusal(error: unknown): TakenRefusal | undefined {
  const { code, constraint, detail } = (error ?? {}) as { code?: unknown; constraint?: unknown; detail?: unknown };
  if (code !== '23505' || typeof constraint !== 'string' || !Object.hasOwn(TAKEN, constraint)) return undefined;
  const rule = TAKEN[constraint]!;
  return typeof rule === 'function' ? rule(typeof detail === 'string' ? detail : '') : rule;
}
