import { deviceTopic } from '@dcc/protocol';
import { signDeviceLogin } from '@dcc/protocol/device-signature';
import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { secretBox } from '../../../modules/devices/index.ts';
import { linkSubscriptions } from './external-link.ts';
import type { ExternalBrokerConfig } from './external-config.ts';
import {
  checkAnswers,
  connectDynsec,
  type DynsecAnswer,
  type DynsecClient,
  type DynsecCommand,
} from './mosquitto-dynsec.ts';

/**
 * Mosquitto checks a username and password itself and cannot recompute our timestamped HMAC, so on
 * Mosquitto a device signs the fixed timestamp 0: username `{code}&0`, password
 * HMAC-SHA256(secret, `{code}&0`) (`signDeviceLogin(code, secret, 0)`), client id pinned to the code.
 * The secret still never travels nor reaches Mosquitto (which stores only a salted hash of that
 * password), but the password does not expire: it is replayable until the secret is reset
 * (docs/SECURITY.md, "External brokers").
 */
export const MOSQUITTO_SIGNATURE_TIMESTAMP = 0;
export const mosquittoUsername = (deviceCode: string): string => `${deviceCode}&${MOSQUITTO_SIGNATURE_TIMESTAMP}`;
export const deviceRoleName = (deviceCode: string): string => `dcc-device-${deviceCode}`;
export const SERVICE_ROLE = 'dcc-service';
const DEVICE_USERNAME = /^([A-Za-z0-9_-]{4,64})&0$/;
const BATCH = 100;

/** The one role of a device: publish its up and status topics, subscribe its down topic, nothing else. */
export function deviceRoleAcls(deviceCode: string) {
  return [
    { acltype: 'publishClientSend', topic: deviceTopic(deviceCode, 'up'), allow: true },
    { acltype: 'publishClientSend', topic: deviceTopic(deviceCode, 'status'), allow: true },
    { acltype: 'subscribeLiteral', topic: deviceTopic(deviceCode, 'down'), allow: true },
    { acltype: 'publishClientReceive', topic: deviceTopic(deviceCode, 'down'), allow: true },
  ];
}

/** The server's own role beside the admin role it already has: the shared subscriptions and the commands down. */
const serviceAcls = (external: ExternalBrokerConfig) => [
  ...Object.values(linkSubscriptions(external))
    .flat()
    .map((topic) => ({ acltype: 'subscribeLiteral', topic, allow: true })),
  { acltype: 'publishClientReceive', topic: 'dev/+/up', allow: true },
  { acltype: 'publishClientReceive', topic: 'dev/+/status', allow: true },
  { acltype: 'publishClientSend', topic: 'dev/+/down', allow: true },
];

export interface RegistrySync {
  /** Creates or updates the device's Mosquitto client and role from the registry (removes it when the device is gone). */
  upsertDevice(deviceCode: string): Promise<void>;
  /** Brings the device's client in step with the registry (new password, disabled) and disconnects it now. */
  revokeDevice(deviceCode: string): Promise<void>;
  /** Deletes the device's client (Mosquitto drops its connection) and role. */
  removeDevice(deviceCode: string): Promise<void>;
  /** Makes Mosquitto's device clients exactly the registry's devices, and sets the service role; at start. */
  reconcile(): Promise<{ upserted: number; removed: number }>;
  close(): Promise<void>;
}

export function mosquittoRegistrySync(options: {
  db: Kysely<DB>;
  config: Config;
  log: { warn(obj: object, msg: string): void };
}): RegistrySync {
  const { db, config } = options;
  const external = config.externalBroker;
  if (!external.url || !external.username || !external.password)
    throw new Error('Mosquitto dynamic security needs MQTT_URL, MQTT_USERNAME and MQTT_PASSWORD');
  const box = secretBox(config.deviceSecretKey);
  let connection: Promise<DynsecClient> | null = null;
  const dynsec = () => {
    connection ??= connectDynsec({
      url: external.url!,
      username: external.username!,
      password: external.password!,
      clientId: `${external.clientId}-dynsec`,
    }).catch((error: unknown) => {
      connection = null;
      throw error;
    });
    return connection;
  };
  /**
   * Runs groups of commands, each group whole in one message (Mosquitto applies a message's commands
   * before it reads another connection, so no device signs in between two commands of a group), up to
   * BATCH commands a message; answers each group's answers, in order.
   */
  const runGroups = async (groups: DynsecCommand[][], tolerated?: RegExp): Promise<DynsecAnswer[][]> => {
    const client = await dynsec();
    const answers: DynsecAnswer[][] = [];
    for (let start = 0; start < groups.length;) {
      let end = start + 1;
      let size = groups[start]!.length;
      while (end < groups.length && size + groups[end]!.length <= BATCH) size += groups[end++]!.length;
      const batch = await client.run(groups.slice(start, end).flat());
      checkAnswers(batch, tolerated);
      let at = 0;
      for (const group of groups.slice(start, end)) answers.push(batch.slice(at, (at += group.length)));
      start = end;
    }
    return answers;
  };
  /** Runs the commands in batches; answers every command's answer, in order. */
  const run = async (commands: DynsecCommand[], tolerated?: RegExp): Promise<DynsecAnswer[]> =>
    (
      await runGroups(
        commands.map((command) => [command]),
        tolerated,
      )
    ).flat();

  /**
   * Changes to one device's client run one after another, each reading the registry when its turn
   * comes: a device added and disabled at once (or reset twice) must not have the first change's last
   * command (enable) land after the second one's disable.
   */
  const tails = new Map<string, Promise<unknown>>();
  const inTurn = <T>(codes: string[], work: () => Promise<T>): Promise<T> => {
    const result = Promise.allSettled(codes.map((code) => tails.get(code))).then(work);
    const settled = result.catch(() => undefined);
    for (const code of codes) tails.set(code, settled);
    void settled.then(() => codes.forEach((code) => tails.get(code) === settled && tails.delete(code)));
    return result;
  };

  const removeCommands = (deviceCode: string): DynsecCommand[] => [
    { command: 'deleteClient', username: mosquittoUsername(deviceCode) },
    { command: 'deleteRole', rolename: deviceRoleName(deviceCode) },
  ];

  /** The registry's devices among `codes` with their Mosquitto client (password signed for Mosquitto) and role. */
  const wanted = async (codes: string[]) => {
    const rows =
      codes.length === 0
        ? []
        : await db
            .selectFrom('devices')
            .select(['device_code', 'secret_box', 'disabled'])
            .where('device_code', 'in', codes)
            .execute();
    return rows.map((row) => {
      const { username, password } = signDeviceLogin(
        row.device_code,
        box.open(row.secret_box),
        MOSQUITTO_SIGNATURE_TIMESTAMP,
      );
      const rolename = deviceRoleName(row.device_code);
      return {
        code: row.device_code,
        disabled: row.disabled,
        rolename,
        client: { username, password, clientid: row.device_code, roles: [{ rolename }] },
      };
    });
  };

  /**
   * Creates what is missing; with `update`, brings clients that existed already in step too (password,
   * client id, role, enabled). Mosquitto drops the connection of a client it modifies or disables, so
   * that is only done for a device whose secret or state changed, never to every device at start, nor
   * to a client just created (a device that connects right after it was added stays connected). With
   * `disconnect` an existing client is disabled before it is enabled again: Mosquitto's documented way
   * to end a client's connections (2.0.11 also does on modifyClient, which is not promised).
   * A client that must not sign in is disabled before anything else touches it, and a disabled device's
   * client is created disabled (in the same message): a connection that ends is never followed by a
   * sign-in with the old state (a modifyClient first would kick the device while it may still sign in).
   */
  const upsertMany = async (codes: string[], update: boolean, disconnect = false): Promise<number> => {
    const devices = await wanted(codes);
    const disable = (d: (typeof devices)[number]): DynsecCommand => ({
      command: 'disableClient',
      username: d.client.username,
    });
    const created = await runGroups(
      devices.map((d) => [
        { command: 'createRole', rolename: d.rolename, acls: deviceRoleAcls(d.code) },
        { command: 'createClient', ...d.client },
        ...(d.disabled ? [disable(d)] : []),
      ]),
      /already exists/i,
    );
    const existing = devices.filter((_, index) => created[index]![1]!.error !== undefined);
    if (update || disconnect) await run(existing.filter((d) => disconnect || d.disabled).map(disable));
    if (update) await run(existing.map((d) => ({ command: 'modifyClient', ...d.client })));
    await run(devices.map((d) => (d.disabled ? disable(d) : { command: 'enableClient', username: d.client.username })));
    const found = new Set(devices.map((d) => d.code));
    const missing = codes.filter((code) => !found.has(code));
    await run(missing.flatMap(removeCommands), /not found/i);
    return devices.length;
  };

  /** Gives the server's own client the service role, once: Mosquitto drops the admin's connections when its roles change. */
  const ensureServiceRole = async () => {
    await run([{ command: 'createRole', rolename: SERVICE_ROLE, acls: serviceAcls(external) }], /already exists/i);
    const hasRole = async () => {
      const [answer] = await (await dynsec()).run([{ command: 'getClient', username: external.username! }]);
      checkAnswers([answer!]);
      return ((answer!.data as { client?: { roles?: Array<{ rolename: string }> } }).client?.roles ?? []).some(
        (role) => role.rolename === SERVICE_ROLE,
      );
    };
    if (await hasRole()) return;
    await (
      await dynsec()
    ).send([{ command: 'addClientRole', username: external.username!, rolename: SERVICE_ROLE, priority: 10 }]);
    for (let tries = 0; tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (await hasRole().catch(() => false)) return;
    }
    throw new Error(`could not give ${external.username} the ${SERVICE_ROLE} role in Mosquitto's dynamic security`);
  };

  return {
    async upsertDevice(deviceCode) {
      await inTurn([deviceCode], () => upsertMany([deviceCode], true));
    },
    async revokeDevice(deviceCode) {
      await inTurn([deviceCode], () => upsertMany([deviceCode], true, true));
    },
    async removeDevice(deviceCode) {
      await inTurn([deviceCode], () => run(removeCommands(deviceCode), /not found/i));
    },
    async reconcile() {
      await ensureServiceRole();
      await run([
        {
          command: 'setDefaultACLAccess',
          acls: [
            { acltype: 'publishClientSend', allow: false },
            { acltype: 'subscribe', allow: false },
          ],
        },
      ]);
      const [listing] = await (await dynsec()).run([{ command: 'listClients', verbose: false, count: -1, offset: 0 }]);
      checkAnswers([listing!]);
      const brokerCodes = ((listing!.data as { clients?: string[] } | undefined)?.clients ?? [])
        .map((username) => DEVICE_USERNAME.exec(username)?.[1])
        .filter((code): code is string => code !== undefined);
      const registryCodes = (await db.selectFrom('devices').select('device_code').execute()).map(
        (row) => row.device_code,
      );
      const known = new Set(registryCodes);
      const stale = brokerCodes.filter((code) => !known.has(code));
      await inTurn(stale, () => run(stale.flatMap(removeCommands), /not found/i));
      let upserted = 0;
      for (let start = 0; start < registryCodes.length; start += BATCH) {
        const codes = registryCodes.slice(start, start + BATCH);
        upserted += await inTurn(codes, () => upsertMany(codes, false));
      }
      return { upserted, removed: stale.length };
    },
    async close() {
      const open = connection;
      connection = null;
      if (open) await (await open).close();
    },
  };
}
