/** Names of what the console keeps in session storage (spec section 3) and local storage. */
export const SessionKey = {
  SESSION_ID: 'sessionid',
  DEALERS_ID: 'dealersId',
  DEALERS_NAME: 'dealersName',
  LEVEL: 'level',
  BUTTONS: 'buttons',
  USER: 'user',
  TIME_ZONE: 'timeZone',
  PATTERN: 'pattern',
  IS_COLLAPSE: 'isCollapse',
  TAB_VALUE: 'tabValue',
  PROJECT_ID: 'projectId',
  DEVICE_ID: 'deviceId',
  DEVICE_CODE: 'deviceCode',
} as const;

/** Prefix of remembered list filters and pages; cleared when another menu entry opens. */
export const LIST_STATE_PREFIX = 'listState.';

/** Local storage key of the chosen language. */
export const LANGUAGE_KEY = 'language';
