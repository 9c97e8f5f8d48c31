import type { Locale } from '../../envelope.ts';
import { mergeCatalogs } from '../merge.ts';
import { catalogEnUS } from './catalog.en-US.ts';
import { catalogZhCN } from './catalog.zh-CN.ts';
import { catalogPointsEnUS } from './catalog-points.en-US.ts';
import { catalogPointsZhCN } from './catalog-points.zh-CN.ts';
import { deviceBindingEnUS } from './device-binding.en-US.ts';
import { deviceBindingZhCN } from './device-binding.zh-CN.ts';
import { deviceCommandsEnUS } from './device-commands.en-US.ts';
import { deviceCommandsZhCN } from './device-commands.zh-CN.ts';
import { devicesEnUS } from './devices.en-US.ts';
import { devicesZhCN } from './devices.zh-CN.ts';
import { deviceFaultsEnUS } from './device-faults.en-US.ts';
import { deviceFaultsZhCN } from './device-faults.zh-CN.ts';
import { liveEnUS } from './live.en-US.ts';
import { liveZhCN } from './live.zh-CN.ts';
import { organizationEnUS } from './organization.en-US.ts';
import { organizationZhCN } from './organization.zh-CN.ts';
import { peopleEnUS } from './people.en-US.ts';
import { peopleZhCN } from './people.zh-CN.ts';
import { projectsEnUS } from './projects.en-US.ts';
import { projectsZhCN } from './projects.zh-CN.ts';
import { logsEnUS } from './logs.en-US.ts';
import { logsZhCN } from './logs.zh-CN.ts';
import { otaEnUS } from './ota.en-US.ts';
import { otaZhCN } from './ota.zh-CN.ts';
import { telemetryEnUS } from './telemetry.en-US.ts';
import { telemetryZhCN } from './telemetry.zh-CN.ts';
import { dashboardEnUS } from './dashboard.en-US.ts';
import { dashboardZhCN } from './dashboard.zh-CN.ts';
import { otaTasksEnUS } from './ota-tasks.en-US.ts';
import { otaTasksZhCN } from './ota-tasks.zh-CN.ts';
import { deviceOperationsEnUS } from './device-operations.en-US.ts';
import { deviceOperationsZhCN } from './device-operations.zh-CN.ts';

/**
 * Each domain's messages in both locales. No two domains (nor the general catalog) may share a key: merged,
 * the later one would silently win (catalogs.test.ts checks).
 */
export const DOMAIN_CATALOGS: Readonly<Record<string, Record<Locale, Record<string, string>>>> = {
  organization: { 'en-US': organizationEnUS, 'zh-CN': organizationZhCN },
  people: { 'en-US': peopleEnUS, 'zh-CN': peopleZhCN },
  catalog: { 'en-US': catalogEnUS, 'zh-CN': catalogZhCN },
  catalogPoints: { 'en-US': catalogPointsEnUS, 'zh-CN': catalogPointsZhCN },
  devices: { 'en-US': devicesEnUS, 'zh-CN': devicesZhCN },
  deviceCommands: { 'en-US': deviceCommandsEnUS, 'zh-CN': deviceCommandsZhCN },
  telemetry: { 'en-US': telemetryEnUS, 'zh-CN': telemetryZhCN },
  live: { 'en-US': liveEnUS, 'zh-CN': liveZhCN },
  deviceFaults: { 'en-US': deviceFaultsEnUS, 'zh-CN': deviceFaultsZhCN },
  deviceBinding: { 'en-US': deviceBindingEnUS, 'zh-CN': deviceBindingZhCN },
  projects: { 'en-US': projectsEnUS, 'zh-CN': projectsZhCN },
  dashboard: { 'en-US': dashboardEnUS, 'zh-CN': dashboardZhCN },
  logs: { 'en-US': logsEnUS, 'zh-CN': logsZhCN },
  ota: { 'en-US': otaEnUS, 'zh-CN': otaZhCN },
  otaTasks: { 'en-US': otaTasksEnUS, 'zh-CN': otaTasksZhCN },
  deviceOperations: { 'en-US': deviceOperationsEnUS, 'zh-CN': deviceOperationsZhCN },
};

/**
 * Messages of each domain's calls, per locale. The server uses them through SHARED_MESSAGES; the
 * console loads them with the pages behind the sign-in (subpath @dcc/contract/domain-messages).
 */
export const DOMAIN_MESSAGES: Record<Locale, Record<string, string>> = /* @__PURE__ */ mergeCatalogs(
  .../* @__PURE__ */ Object.values(DOMAIN_CATALOGS),
);
