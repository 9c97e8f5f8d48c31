/** Permission button ids of spec section 2. Nothing else in the code base writes an id literal. */
export const Button = {
  HOME: 'B80',
  HOME_KEY_PROJECTS: 'B81',
  HOME_KEY_DEVICES: 'B82',
  HOME_FLAG_B83: 'B83',
  HOME_FLAG_B84: 'B84',
  DEVICE_DETAIL_LINK: 'B101',
  DEVICE_MANAGE: 'B93',
  DEVICES: 'B94',
  DEVICE_CONTROL: 'B9401',
  DEVICE_ACTIVATE: 'B9402',
  DEVICE_IMPORT: 'B9403',
  DEVICE_MOVE: 'B9404',
  DEVICE_VENDOR_PARAMS: 'B9405',
  DEVICE_TOPOLOGY: 'B9406',
  COLLECTIONS: 'M9001',
  ABNORMAL_DEVICES: 'B205',
  SN_BOUND: 'B261',
  MAC: 'B263',
  FAULT_DEVICES: 'B272',
  PROJECT_MANAGE: 'B113',
  PROJECTS: 'B1001',
  PROJECT_AUDIT: 'B100101',
  DEALER_MANAGE: 'B85',
  DEALERS: 'B135',
  MEMBERS: 'B89',
  ROLES: 'B170',
  CUSTOMERS: 'B138',
  PDA_USERS: 'B257',
  DEPARTMENTS: 'B268',
  ENGINEERS: 'B292',
  PRODUCT_MANAGE: 'B149',
  SERIES: '1427180730443591680',
  PRODUCTS: 'B150',
  PROTOCOLS: 'B154',
  DATA_TYPES: 'B166',
  LOG_MANAGE: 'B174',
  API_LOG: 'B175',
  COMMUNICATION_LOG: 'B176',
  COMMUNICATION_LOG_QUERY: 'B225',
  ACCOUNT_LOG: 'B267',
  OTA2: 'B188',
  OTA2_DEVICES: 'B189',
  OTA2_TASKS: 'B194',
  OTA2_ROLLBACKS: 'B198',
  OTA2_RECORDS: 'B203',
  OTA2_FIRMWARE: 'B200',
  OTA4G: 'B177',
  OTA4G_DEVICES: 'B178',
  OTA4G_TASKS: 'B181',
  OTA4G_ROLLBACKS: 'B183',
  OTA4G_RECORDS: 'B184',
  OTA4G_FIRMWARE: 'B185',
  OTA4G_BATCH: 'B226',
  SYSTEM_MANAGE: 'B213',
  SLIDE_IMAGES: '1541237796541104128',
  SCREEN_LINKS: 'B287',
  MESSAGES: 'B213001',
  FENCE: 'B275',
  FENCE_CROSS_ALARMS: 'M2751',
  FENCE_LOCAL_CROSS_ALARMS: 'M2752',
  FENCE_ALARM_STATISTICS: 'M2753',
  FENCE_ALARMING: 'B277',
  FENCE_HISTORY: 'B282',
  FENCE_ALLOW_LIST: 'B283',
  FENCE_LOG: 'B276',
  PARAMS: 'B288',
  PARAMS_TASKS: 'B290',
  FAULT_ANALYSIS: 'B289',
  SCREENS: 'B301',
  DEVOPS: 'M401',
  DEVOPS_FAULT_HANDLING: 'M4011',
  DEVOPS_AFTER_SALES: 'M4012',
  DEVOPS_RECORDS: 'M4013',
  DEVOPS_STATISTICS: 'M4014',
  DEVOPS_DATA: 'M402',
  DEVOPS_FAULT_CODES: 'M4021',
  DEVOPS_HELP_VIDEOS: 'M4022',
} as const;

export type ButtonId = (typeof Button)[keyof typeof Button];
export const ALL_BUTTON_IDS: readonly ButtonId[] = Object.values(Button);

/** Formats a button list the way get_all_btn_role answers it: `[B80,B93,B94]`. */
export function formatButtonList(ids: readonly string[]): string {
  return `[${ids.join(',')}]`;
}

/** Parses the bracketed list back into ids; tolerates spaces and an empty list. */
export function parseButtonList(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
}

/** The level of the platform company: the only one that changes data every company shares. */
export const PLATFORM_LEVEL = 0;

/**
 * Buttons over data that every company shares (the notices all accounts read, the permission-button
 * tree, the other system-management pages): held only in the level-0 company. Role writers drop or
 * refuse them below it, the server's pipeline refuses their calls there, and migration
 * 009_platform_only_buttons.sql repairs older roles (a test keeps its literal list equal to this one).
 */
export const PLATFORM_ONLY_BUTTONS: readonly ButtonId[] = [
  Button.SYSTEM_MANAGE,
  Button.SLIDE_IMAGES,
  Button.SCREEN_LINKS,
  Button.MESSAGES,
];

const PLATFORM_ONLY: ReadonlySet<string> = /* @__PURE__ */ new Set(PLATFORM_ONLY_BUTTONS);

/** Whether a button may be held only in the level-0 company. */
export const isPlatformOnlyButton = (id: string): boolean => PLATFORM_ONLY.has(id);

/** The buttons of `ids` that a company of `level` may hold: every one at the platform, all but the platform-only ones below it. */
export function grantableButtons<T extends string>(level: number, ids: readonly T[]): T[] {
  return level === PLATFORM_LEVEL ? [...ids] : ids.filter((id) => !PLATFORM_ONLY.has(id));
}
