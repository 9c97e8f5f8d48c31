import { describe, expect, it } from 'vitest';
import {
  ABNORMAL_REASONS,
  ACCOUNT_ACTIONS,
  API_LOG_OUTCOMES,
  auditDeviceOutcome,
  BUILTIN_ROLES,
  CANCEL_REASONS,
  CEN_CONTROL_VALUES,
  DEFER_REASONS,
  DEVICE_SIGNALS,
  DEVICE_STATUSES,
  FAULT_LEVELS,
  FAULT_STATES,
  FAULT_STATUSES,
  FAULT_TYPES,
  FIRMWARE_TYPES,
  Identity,
  LINK_STATUSES,
  INITIALIZATION_STATUSES,
  LOCALES,
  LOG_KINDS,
  LOGGED_DEVICE_FIELDS,
  MAC_STATES,
  MODULE_LINK_STATES,
  OPERATION_ACTIONS,
  OPERATION_OUTCOMES,
  OTA_DEVICE_FAILURES,
  OTA_GENERATIONS,
  OTA_PAUSE_REASONS,
  OTA_TASK_STATES,
  PACKET_DIRECTIONS,
  PARAM_STATUSES,
  POINT_ACTIONS,
  POINT_FIELD_NAMES,
  POINT_MODES,
  PROJECT_APPLICATIONS,
  PROJECT_CHECK_STATES,
  PROJECT_PHOTO_GROUPS,
  PROJECT_TYPES,
  REPORT_MODES,
  ROLLOUT_REASONS,
  ROLLOUT_STATES,
  SN_BINDING_SOURCES,
  TEXT_FILTER_FIELDS,
  UPGRADE_STATUSES,
  THING_DATA_TYPES,
  thingEvent,
  thingProperty,
  thingService,
  VALUE_KINDS,
} from '@dcc/contract';
import { allMessages } from '../i18n/allCatalogs.ts';
import { PRODUCT_ENUMS } from '../features/products/enums.ts';

type Codes = readonly (string | number)[];

/**
 * Every catalog prefix under which the console names a contract code (`t(`prefix.${code}`)`), with
 * the codes the contract can send: each must have a name in both languages.
 */
const CONTRACT_CODE_NAMES: Record<string, Codes> = {
  'dealers.project.cenControl': CEN_CONTROL_VALUES,
  'dealers.project.state': PROJECT_CHECK_STATES,
  'deviceBinding.mac.state': MAC_STATES,
  'deviceBinding.sn.source': SN_BINDING_SOURCES,
  'deviceDetail.faultType': FAULT_TYPES,
  'deviceDetail.signal': DEVICE_SIGNALS,
  'deviceDetail.status': DEVICE_STATUSES,
  'deviceDetail.tm.callTypes': thingService.shape.callType.options,
  'deviceDetail.tm.eventTypes': thingEvent.shape.type.options,
  'deviceFaults.deviceStatus': DEVICE_STATUSES,
  'deviceFaults.reason': ABNORMAL_REASONS,
  'deviceFaults.status': FAULT_STATUSES,
  'deviceFaults.type': FAULT_TYPES,
  'deviceHistory.behavior': LINK_STATUSES,
  'deviceHistory.faults.types': FAULT_TYPES,
  'deviceHistory.operation.actions': OPERATION_ACTIONS,
  'deviceHistory.operation.fields': LOGGED_DEVICE_FIELDS,
  'deviceHistory.operation.outcomes': OPERATION_OUTCOMES,
  'deviceHistory.operation.otaStates': ROLLOUT_STATES,
  'deviceHistory.operation.otaReasons': ROLLOUT_REASONS,
  'deviceHistory.packets.directions': PACKET_DIRECTIONS,
  'deviceHistory.signal': DEVICE_SIGNALS,
  'devices.batch.outcomes': OPERATION_OUTCOMES,
  'devices.fault': FAULT_STATES,
  'devices.filter.field': TEXT_FILTER_FIELDS,
  'devices.signalLevel': DEVICE_SIGNALS,
  'devices.status': DEVICE_STATUSES,
  'login.identity': Object.values(Identity),
  'logs.api.outcomes': API_LOG_OUTCOMES,
  'logs.dtu.links': MODULE_LINK_STATES,
  'logs.dtu.modes': REPORT_MODES,
  'logs.retention.kinds': LOG_KINDS,
  'otaCatalog.area': OTA_GENERATIONS,
  'otaCatalog.initStatuses': INITIALIZATION_STATUSES,
  'otaCatalog.paramStatuses': PARAM_STATUSES,
  'otaCatalog.reasons': OTA_DEVICE_FAILURES,
  'otaCatalog.types': FIRMWARE_TYPES,
  'otaCatalog.upgradeStatuses': UPGRADE_STATUSES,
  'otaTasks.deviceState': ROLLOUT_STATES,
  'otaTasks.pauseReason': OTA_PAUSE_REASONS,
  'otaTasks.reason': [...DEFER_REASONS, ...CANCEL_REASONS, ...OTA_DEVICE_FAILURES],
  'otaTasks.state': OTA_TASK_STATES,
  'people.action': ACCOUNT_ACTIONS,
  'pointHistory.action': POINT_ACTIONS,
  'pointHistory.field': POINT_FIELD_NAMES,
  'points.level': FAULT_LEVELS,
  'points.modeName': POINT_MODES,
  'points.kind': VALUE_KINDS,
  'projects.application': PROJECT_APPLICATIONS,
  'projects.auditOutcome': auditDeviceOutcome.shape.outcome.options,
  'projects.checkState': PROJECT_CHECK_STATES,
  'projects.isCenControl': CEN_CONTROL_VALUES,
  'projects.photoGroup': PROJECT_PHOTO_GROUPS,
  'projects.type': PROJECT_TYPES,
  'role.builtin': BUILTIN_ROLES,
  'thingModel.access': thingProperty.shape.accessMode.options,
  'thingModel.call': thingService.shape.callType.options,
  'thingModel.event': thingEvent.shape.type.options,
  'thingModel.type': THING_DATA_TYPES,
  ...Object.fromEntries(Object.entries(PRODUCT_ENUMS).map(([field, values]) => [`products.${field}`, values])),
};

/**
 * Prefixes whose codes are the console's own (its pages, tabs, form problems) or have a renderer test
 * of their own, never a code the server sends; listed so that a new renderer has to be placed.
 */
const CONSOLE_OWN_NAMES: Record<string, string> = {
  breadcrumb: 'the console routes of menuTrail.ts (breadcrumbs test)',
  'dataTypes.formulaError': "the protocol's formula errors (formulaPreview test)",
  'deviceDetail.live': "the live stream's state in the console",
  'deviceDetail.params': 'the params tab groups of pointText.ts',
  'deviceFaults.reasonCount': 'codeNames.abnormalReason (codeNames.test.ts)',
  'deviceHistory.curve.rangeProblem': "the curve range picker's own checks",
  'devices.batch': 'the batch dialog titles, lock and unlock',
  'devices.filter.symbol': "the filter builder's symbol names",
  'devices.import': "the import dialog's file checks",
  'otaCatalog.onlineStates': "the OTA device list's online filter (online, offline)",
  'otaTasks.action': 'the task actions of the OTA task list (pause, resume, confirm, cancel)',
  'otaTasks.confirm': "the confirmations of the OTA task list's actions",
  'otaTasks.field': "the OTA task form's fields",
  'points.flag': "the point editor's flags",
  products: 'the product enums, listed above per field',
  'thingModel.add': 'the thing model editor kinds (items.ts)',
  'thingModel.empty': 'the thing model editor kinds (items.ts)',
  'thingModel.kind': 'the thing model editor kinds (items.ts)',
};

// The console's own sources as text (tests aside), read through Vite as the catalogs are.
const SOURCES = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The catalog prefixes the console's sources name a code under: `t(`prefix.${...}`)`. */
function renderedPrefixes(): Set<string> {
  const found = new Set<string>();
  for (const source of Object.values(SOURCES))
    for (const match of source.matchAll(/\bt\(`([a-zA-Z.]+)\.\$\{/g)) found.add(match[1]!);
  return found;
}

/** A text that is a catalog key ('a.b.c') rather than words. */
const looksLikeKey = (text: string) => /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/.test(text);

describe('every renderer of contract codes', () => {
  it('is listed here: a prefix the console names codes under is a contract code list or one of its own', () => {
    const prefixes = renderedPrefixes();
    expect(prefixes.size).toBeGreaterThan(40);
    const unlisted = [...prefixes].filter(
      (prefix) => !(prefix in CONTRACT_CODE_NAMES) && !(prefix in CONSOLE_OWN_NAMES),
    );
    expect(unlisted).toEqual([]);
  });

  for (const locale of LOCALES) {
    it(`names every code of every contract list in ${locale} by words, never by the code or a key`, () => {
      const messages = allMessages(locale);
      const raw = Object.entries(CONTRACT_CODE_NAMES).flatMap(([prefix, codes]) =>
        codes
          .map((code) => [`${prefix}.${code}`, messages[`${prefix}.${code}`]] as const)
          .filter(([key, name]) => !name?.trim() || looksLikeKey(name) || name === key.split('.').pop())
          .map(([key]) => key),
      );
      expect(raw).toEqual([]);
    });
  }
});
