import {
  acceptInvitation,
  ALL_CALLS,
  customerLogin,
  declineInvitation,
  forgetPwd,
  getAllButtonRoles,
  getCode,
  getDealersByUser,
  getPersonalInfo,
  listInvitations,
  login,
  logout,
  pdaBindSn,
  productOptions,
  protocolOptions,
  queryNationInfo,
  selectAllNotices,
  selectUserForLogin,
  updateNoticeAsRead,
  updatePersonalInfo,
  updatePwd,
  uploadImage,
  uploadLinks,
  DEVICE_EVENTS_STREAM_PATH,
  DEVICE_EXPORT_FILE_PATH,
  DEVICE_REGISTER_PATH,
  PLATFORM_STATUS_PATH,
  type CallDef,
} from '@dcc/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMQX_ACL_PATH, EMQX_AUTH_PATH } from '../../src/ingest/broker/external/emqx-hooks.ts';
import { loadExternalBrokerConfig } from '../../src/ingest/broker/external/external-config.ts';
import { UPLOADS_PREFIX } from '../../src/modules/uploads/routes.ts';
import { HEALTH_PATH, READY_PATH } from '../../src/operations/health-routes.ts';
import { FIRMWARE_DOWNLOAD_PREFIX } from '../../src/modules/ota/download-links.ts';
import { startTestApp, type TestApp } from '../harness.ts';

/**
 * The permission and isolation matrices cover the calls that declare a button. These are the calls
 * without one: each is named here with who may make it and why no button guards it. A new call
 * without a button fails the test until it is listed (or given a button).
 */
const CALLS_WITHOUT_BUTTON: ReadonlyArray<{ call: CallDef; reason: string }> = [
  { call: login, reason: 'sign-in: public, before any company is chosen' },
  { call: selectUserForLogin, reason: 'sign-in, second step: public, proven by the first step’s ticket' },
  { call: customerLogin, reason: 'end-customer sign-in: public' },
  { call: getCode, reason: 'sends an SMS code to a phone: public, rate-limited per phone' },
  { call: forgetPwd, reason: 'password reset proven by the SMS code: public' },
  { call: logout, reason: 'ends the caller’s own session' },
  { call: updatePwd, reason: 'the caller’s own password' },
  { call: getPersonalInfo, reason: 'the caller’s own account' },
  { call: updatePersonalInfo, reason: 'the caller’s own account' },
  { call: getDealersByUser, reason: 'the caller’s own memberships, before a company is chosen' },
  { call: getAllButtonRoles, reason: 'the caller’s own buttons in a company it is a member of' },
  { call: listInvitations, reason: 'the caller’s own pending invitations' },
  { call: acceptInvitation, reason: 'the caller’s own invitation' },
  { call: declineInvitation, reason: 'the caller’s own invitation' },
  { call: selectAllNotices, reason: 'the caller’s own notices' },
  { call: updateNoticeAsRead, reason: 'the caller’s own notices' },
  { call: uploadImage, reason: 'stores an image under a server-chosen name; any session (avatars, product pictures)' },
  { call: uploadLinks, reason: 'signs links only to the images the caller may see; the others are left out' },
  { call: queryNationInfo, reason: 'reference data (administrative divisions), not company data' },
  { call: productOptions, reason: 'catalog names for selects: every company reads the catalog' },
  { call: protocolOptions, reason: 'catalog names for selects: every company reads the catalog' },
  {
    call: pdaBindSn,
    reason: 'PDA accounts hold no buttons: the call checks the PDA identity and its company’s subtree',
  },
];

/**
 * Routes the server answers outside the contract's calls (method and path as Fastify has them),
 * each with its reason. A new one fails the test until it is listed here.
 */
const ROUTES_OUTSIDE_CONTRACT: Readonly<Record<string, string>> = {
  [`GET ${DEVICE_EVENTS_STREAM_PATH}`]:
    'the live stream (Server-Sent Events): opened with a one-time ticket from a call',
  [`GET ${DEVICE_EXPORT_FILE_PATH}`]: 'an export file download: a one-time ticket from the call that started it',
  [`GET ${UPLOADS_PREFIX}:name`]: 'an uploaded image: served only with a signature from the upload links call',
  [`GET ${PLATFORM_STATUS_PATH}`]: 'the platform status file: public, read before sign-in',
  [`POST ${DEVICE_REGISTER_PATH}`]: 'device self-registration: proven by the product secret, rate-limited per address',
  [`POST ${EMQX_AUTH_PATH}`]: 'EMQX asks whether a device may connect: only with EMQX_HOOK_TOKEN set, proven by it',
  [`POST ${EMQX_ACL_PATH}`]: 'EMQX asks whether a client may use a topic: only with EMQX_HOOK_TOKEN set, proven by it',
  [`GET ${FIRMWARE_DOWNLOAD_PREFIX}:firmwareId/:jobId`]:
    'a firmware download by a device: served only with a signature the rollout put in its notify frame',
  [`GET ${HEALTH_PATH}`]: 'liveness for the orchestrator: public, answers only that the process is up',
  [`GET ${READY_PATH}`]:
    'readiness for the orchestrator: public, answers only up/down of database, migrations and broker',
};

/**
 * The built console (index.html and its assets): public files, only when WEB_DIST holds a build, one route per file of
 * the build (http/console-static.ts) and `/` for index.html; their compressed siblings are sent in their place, never
 * routed. The test's build: an index and one asset with its siblings.
 */
const CONSOLE_FILES = ['index.html', 'assets/app-Ab3_x-9Z.js'];
const CONSOLE_ROUTES = ['GET /', ...CONSOLE_FILES.map((file) => `GET /${file}`)];

/** Method and path of every route of the app, from Fastify's route tree (`printRoutes`). */
function routesOf(tree: string): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const route = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = route;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${route}`);
  }
  return routes;
}

describe('calls and routes outside the permission and isolation matrices', () => {
  let t: TestApp;
  let consoleDir: string;
  beforeAll(async () => {
    // Every route that can exist: the console is built, and the EMQX hooks are switched on.
    consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-'));
    fs.mkdirSync(path.join(consoleDir, 'assets'));
    for (const file of CONSOLE_FILES)
      for (const sibling of ['', '.br', '.gz']) fs.writeFileSync(path.join(consoleDir, file + sibling), 'x');
    t = await startTestApp({
      webDist: consoleDir,
      externalBroker: loadExternalBrokerConfig({ EMQX_HOOK_TOKEN: 'a-hook-token-of-24-characters' }),
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(consoleDir, { recursive: true, force: true });
  });

  it('lists every contract call without a button, with its reason, and no call that has one', () => {
    const listed = new Set(CALLS_WITHOUT_BUTTON.map((entry) => entry.call));
    expect(
      ALL_CALLS.filter((call) => call.button === null && !listed.has(call)).map((call) => call.path),
      'calls without a button that are not listed here',
    ).toEqual([]);
    expect(
      CALLS_WITHOUT_BUTTON.filter((entry) => entry.call.button !== null).map((entry) => entry.call.path),
      'listed calls that have a button now',
    ).toEqual([]);
    expect(CALLS_WITHOUT_BUTTON.filter((entry) => entry.reason.trim() === '')).toEqual([]);
  });

  it('lists every route the server answers outside the contract, with its reason, and none that is gone', () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    const calls = new Set(ALL_CALLS.map((call) => `POST ${call.path}`));
    expect(routes.length).toBeGreaterThan(calls.size);
    const outside = routes.filter((route) => !calls.has(route));
    expect(
      outside.filter((route) => !(route in ROUTES_OUTSIDE_CONTRACT) && !CONSOLE_ROUTES.includes(route)),
      'routes outside the contract not listed here',
    ).toEqual([]);
    expect(
      [...Object.keys(ROUTES_OUTSIDE_CONTRACT), ...CONSOLE_ROUTES].filter((route) => !outside.includes(route)),
      'listed routes the server no longer answers',
    ).toEqual([]);
  });
});
