/**
 * The device list's columns as the screen shows them and the export writes them, in this order: one
 * title (message `devices.column.<key>`, both languages) and one width for both. The offline reason
 * is shown inside the status on the screen and is a column of its own in the export only. The screen's
 * widths fit a 1920 px screen with the menu open (long texts cut with a tooltip).
 */
export const DEVICE_LIST_COLUMNS = [
  { key: 'deviceCode', width: 130, screen: true },
  { key: 'deviceName', width: 120, screen: true },
  { key: 'productName', width: 120, screen: true },
  { key: 'groupName', width: 90, screen: true },
  { key: 'sn', width: 120, screen: true },
  { key: 'model', width: 90, screen: true },
  { key: 'projectName', width: 100, screen: true },
  { key: 'ownerDealerName', width: 110, screen: true },
  { key: 'status', width: 140, screen: true },
  { key: 'offlineReason', width: 220, screen: false },
  { key: 'faultState', width: 80, screen: true },
  { key: 'signal', width: 80, screen: true },
  { key: 'lastOnlineTime', width: 170, screen: true },
  { key: 'createTime', width: 170, screen: true },
] as const;
export type DeviceListColumn = (typeof DEVICE_LIST_COLUMNS)[number]['key'];

/** The message key of a device list column's title. */
export const deviceColumnTitleKey = (key: DeviceListColumn): string => `devices.column.${key}`;

/** A screen width (px) as an Excel column width (characters of the default font, about 7 px each). */
export const excelColumnWidth = (px: number): number => Math.round(px / 7);
