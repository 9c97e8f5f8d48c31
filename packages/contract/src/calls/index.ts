import * as auth from './auth.ts';
import * as catalog from './catalog.ts';
import * as dealers from './dealers.ts';
import * as devices from './devices.ts';
import * as deviceBinding from './device-binding.ts';
import * as notices from './notices.ts';
import * as organization from './organization.ts';
import * as people from './people.ts';
import * as projects from './projects.ts';
import * as uploads from './uploads.ts';
import * as dashboard from './dashboard.ts';
import * as logs from './logs.ts';
import * as ota from './ota.ts';
import * as otaCatalog from './ota-catalog.ts';
import type { CallDef } from '../call.ts';

export * from './auth.ts';
export * from './dealers.ts';
export * from './notices.ts';
export * from './platform.ts';
export * from './organization.ts';
export * from './people.ts';
export * from './catalog.ts';
export * from './uploads.ts';
export * from './devices.ts';
export * from './device-binding.ts';
export * from './projects.ts';
export * from './dashboard.ts';
export * from './logs.ts';
export * from './ota.ts';
export * from './ota-catalog.ts';

const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' && value !== null && 'path' in value && 'request' in value && 'auth' in value;

/** Every call of the contract, for the server's registration and for tests. */
export const ALL_CALLS: readonly CallDef[] = /* @__PURE__ */ [
  auth,
  dealers,
  notices,
  organization,
  people,
  catalog,
  uploads,
  devices,
  deviceBinding,
  projects,
  dashboard,
  logs,
  ota,
  otaCatalog,
].flatMap((module) => Object.values(module).filter(isCall));
/** The calls that change the platform catalog (`catalogWrite`): only the platform makes them (platformRefusal). */
export const CATALOG_WRITES: ReadonlySet<CallDef> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ ALL_CALLS.filter((call) => call.catalogWrite),
);
