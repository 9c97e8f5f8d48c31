import { Button, type ButtonId } from './permissions.ts';

/** One entry of the side menu: shown only when the user holds `button`. */
export interface MenuEntry {
  button: ButtonId;
  /** Route under the hash router, e.g. /company/deviceManage/devicesManage. */
  path: string;
  /** Catalog key of the label. */
  labelKey: string;
  /** Icon name from @ant-design/icons for top-level entries. */
  icon?: string;
  children?: MenuEntry[];
}

const leaf = (parent: string, segment: string, button: ButtonId): MenuEntry => ({
  button,
  path: `/company/${parent}/${segment}`,
  labelKey: `menu.${segment}`,
});

/** The menu tree of spec section 2, in display order. */
export const MENU: readonly MenuEntry[] = [
  { button: Button.HOME, path: '/company', labelKey: 'menu.home', icon: 'HomeOutlined' },
  {
    button: Button.DEVICE_MANAGE,
    path: '/company/deviceManage',
    labelKey: 'menu.deviceManage',
    icon: 'ClusterOutlined',
    children: [
      leaf('deviceManage', 'devicesManage', Button.DEVICES),
      leaf('deviceManage', 'collectionManage', Button.COLLECTIONS),
      leaf('deviceManage', 'abnormalDeviceManage', Button.ABNORMAL_DEVICES),
      leaf('deviceManage', 'snBoundMgr', Button.SN_BOUND),
      leaf('deviceManage', 'macMgr', Button.MAC),
      leaf('deviceManage', 'faultDeviceManage', Button.FAULT_DEVICES),
    ],
  },
  {
    button: Button.PROJECT_MANAGE,
    path: '/company/projectManage',
    labelKey: 'menu.projectManage',
    icon: 'ProjectOutlined',
    children: [leaf('projectManage', 'projectsManage', Button.PROJECTS)],
  },
  {
    button: Button.DEALER_MANAGE,
    path: '/company/dealerManage',
    labelKey: 'menu.dealerManage',
    icon: 'TeamOutlined',
    children: [
      leaf('dealerManage', 'dealersManage', Button.DEALERS),
      leaf('dealerManage', 'memberManage', Button.MEMBERS),
      leaf('dealerManage', 'roleManage', Button.ROLES),
      leaf('dealerManage', 'customerManage', Button.CUSTOMERS),
      leaf('dealerManage', 'pdaUserManage', Button.PDA_USERS),
      leaf('dealerManage', 'departmentManage', Button.DEPARTMENTS),
      leaf('dealerManage', 'engineerManage', Button.ENGINEERS),
    ],
  },
  {
    button: Button.PRODUCT_MANAGE,
    path: '/company/productManage',
    labelKey: 'menu.productManage',
    icon: 'AppstoreOutlined',
    children: [
      leaf('productManage', 'seriesManage', Button.SERIES),
      leaf('productManage', 'productsManage', Button.PRODUCTS),
      leaf('productManage', 'protocalManage', Button.PROTOCOLS),
      leaf('productManage', 'dataTypeManage', Button.DATA_TYPES),
    ],
  },
  {
    button: Button.LOG_MANAGE,
    path: '/company/logManage',
    labelKey: 'menu.logManage',
    icon: 'FileSearchOutlined',
    children: [
      leaf('logManage', 'apiUsedLog', Button.API_LOG),
      leaf('logManage', 'communicationLog', Button.COMMUNICATION_LOG),
      leaf('logManage', 'communicationLogQuery', Button.COMMUNICATION_LOG_QUERY),
      leaf('logManage', 'accountLog', Button.ACCOUNT_LOG),
    ],
  },
  {
    button: Button.OTA2,
    path: '/company/otaManage',
    labelKey: 'menu.otaManage',
    icon: 'CloudUploadOutlined',
    children: [
      leaf('otaManage', 'deviceList', Button.OTA2_DEVICES),
      leaf('otaManage', 'taskList', Button.OTA2_TASKS),
      leaf('otaManage', 'rollbackList', Button.OTA2_ROLLBACKS),
      leaf('otaManage', 'upgradeRecordList', Button.OTA2_RECORDS),
      leaf('otaManage', 'firmwareList', Button.OTA2_FIRMWARE),
    ],
  },
  {
    button: Button.OTA4G,
    path: '/company/otaNewManage',
    labelKey: 'menu.otaNewManage',
    icon: 'WifiOutlined',
    children: [
      leaf('otaNewManage', 'deviceList', Button.OTA4G_DEVICES),
      leaf('otaNewManage', 'taskList', Button.OTA4G_TASKS),
      leaf('otaNewManage', 'rollbackList', Button.OTA4G_ROLLBACKS),
      leaf('otaNewManage', 'upgradeRecordList', Button.OTA4G_RECORDS),
      leaf('otaNewManage', 'firmwareList', Button.OTA4G_FIRMWARE),
      leaf('otaNewManage', 'batchUpgrading', Button.OTA4G_BATCH),
    ],
  },
  {
    button: Button.SYSTEM_MANAGE,
    path: '/company/systemManage',
    labelKey: 'menu.systemManage',
    icon: 'SettingOutlined',
    children: [
      leaf('systemManage', 'slideImgManage', Button.SLIDE_IMAGES),
      leaf('systemManage', 'screenLinkSetting', Button.SCREEN_LINKS),
      leaf('systemManage', 'messageManage', Button.MESSAGES),
      leaf('systemManage', 'buttonManage', Button.SYSTEM_MANAGE),
    ],
  },
  {
    button: Button.FENCE,
    path: '/company/centerManage',
    labelKey: 'menu.centerManage',
    icon: 'EnvironmentOutlined',
    children: [
      leaf('centerManage', 'crossAlarmList', Button.FENCE_CROSS_ALARMS),
      leaf('centerManage', 'localCrossAlarmList', Button.FENCE_LOCAL_CROSS_ALARMS),
      leaf('centerManage', 'AlarmStatistics', Button.FENCE_ALARM_STATISTICS),
      leaf('centerManage', 'alarmingList', Button.FENCE_ALARMING),
      leaf('centerManage', 'hisAlarmList', Button.FENCE_HISTORY),
      leaf('centerManage', 'blockAllowList', Button.FENCE_ALLOW_LIST),
      leaf('centerManage', 'centerLog', Button.FENCE_LOG),
    ],
  },
  {
    button: Button.PARAMS,
    path: '/company/paramsManage',
    labelKey: 'menu.paramsManage',
    icon: 'ControlOutlined',
    children: [leaf('paramsManage', 'taskList', Button.PARAMS_TASKS)],
  },
  {
    button: Button.FAULT_ANALYSIS,
    path: '/company/faultDataAnalysis/info',
    labelKey: 'menu.faultDataAnalysis',
    icon: 'LineChartOutlined',
  },
  { button: Button.SCREENS, path: '/company/screenManage', labelKey: 'menu.screenManage', icon: 'DesktopOutlined' },
  {
    button: Button.DEVOPS,
    path: '/company/devopsManage',
    labelKey: 'menu.devopsManage',
    icon: 'ToolOutlined',
    children: [
      leaf('devopsManage', 'faultHandling', Button.DEVOPS_FAULT_HANDLING),
      leaf('devopsManage', 'afterSalesFault', Button.DEVOPS_AFTER_SALES),
      leaf('devopsManage', 'devopsRecords', Button.DEVOPS_RECORDS),
      leaf('devopsManage', 'devopsStatistical', Button.DEVOPS_STATISTICS),
    ],
  },
  {
    button: Button.DEVOPS_DATA,
    path: '/company/devopsDataManage',
    labelKey: 'menu.devopsDataManage',
    icon: 'DatabaseOutlined',
    children: [
      leaf('devopsDataManage', 'faultCodeList', Button.DEVOPS_FAULT_CODES),
      leaf('devopsDataManage', 'helpVedioManage', Button.DEVOPS_HELP_VIDEOS),
    ],
  },
];

/** The menu entries (and children) a holder of `held` may see. */
export function visibleMenu(held: ReadonlySet<string>, entries: readonly MenuEntry[] = MENU): MenuEntry[] {
  return entries
    .filter((entry) => held.has(entry.button))
    .map((entry) => (entry.children ? { ...entry, children: visibleMenu(held, entry.children) } : entry));
}

/** Every menu entry, flattened, parents first. */
export function flattenMenu(entries: readonly MenuEntry[] = MENU): MenuEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenMenu(entry.children ?? [])]);
}
