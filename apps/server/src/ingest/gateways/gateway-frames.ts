import { payloadDeviceCode } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { childOnline, gatewaysOfChildCodes, childConnectionId, mayReportFor } from '../../modules/topology/index.ts';
import type { UplinkMessage } from '../device-link.ts';
import type { DecodedMessage } from '../pipeline/pipeline-decode.ts';
import type { Presence } from '../presence/presence.ts';

/**
 * Which unit a message speaks for (docs/device-protocol.md section 17): the device of its topic
 * ('self'), a child of that device as a gateway ('child': stored under the child), or a device that
 * is not its child ('notChild': refused, 6401).
 */
export type MessageSubject =
  | { kind: 'self' }
  | { kind: 'child'; childCode: string; gatewayCode: string; onlineThroughGateway: boolean }
  | { kind: 'notChild'; code: string };

const SELF: MessageSubject = { kind: 'self' };

/**
 * The subject of each message of a batch. The payloads' own codes are read without decoding; the
 * topology of those that differ from their topic's code is read in one query for the whole batch.
 */
export async function messageSubjects(db: Kysely<DB>, messages: readonly UplinkMessage[]): Promise<MessageSubject[]> {
  const named = messages.map((m) => {
    const code = payloadDeviceCode(m.payload);
    return code !== undefined && code !== m.deviceCode ? code : undefined;
  });
  const foreign = [...new Set(named.filter((code): code is string => code !== undefined))];
  if (foreign.length === 0) return messages.map(() => SELF);
  const byChild = new Map((await gatewaysOfChildCodes(db, foreign)).map((row) => [row.child, row]));
  return messages.map((m, index) => {
    const code = named[index];
    if (code === undefined) return SELF;
    const right = mayReportFor(m.deviceCode, code, (child) => byChild.get(child)?.gateway);
    if (!right.ok) return { kind: 'notChild', code };
    const row = byChild.get(code)!;
    return {
      kind: 'child',
      childCode: code,
      gatewayCode: m.deviceCode,
      onlineThroughGateway: row.connected && row.connection_id === childConnectionId(m.deviceCode),
    };
  });
}

/**
 * Brings online through their gateway the children an accepted message of the batch spoke for and
 * that are not online through it yet: once per child and batch, not per frame.
 */
export async function childrenOnline(
  presence: Presence,
  decoded: readonly DecodedMessage[],
  subjects: readonly MessageSubject[],
): Promise<void> {
  const due = new Map<string, { gatewayCode: string; at: Date }>();
  decoded.forEach((m, index) => {
    const subject = subjects[index]!;
    if (
      subject.kind === 'child' &&
      !subject.onlineThroughGateway &&
      m.refusal === null &&
      !due.has(subject.childCode)
    ) {
      due.set(subject.childCode, { gatewayCode: subject.gatewayCode, at: m.message.receivedAt });
    }
  });
  // Together, so that presence writes them in one batch (presence.ts).
  await Promise.all(
    [...due].map(([childCode, { gatewayCode, at }]) => childOnline(presence, gatewayCode, childCode, at)),
  );
}
