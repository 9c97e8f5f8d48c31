import type { CommandAnswer, Locale } from '@dcc/contract';
import { encodeSetCommand } from '@dcc/protocol';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { currentValues } from '../../ingest/index.ts';
import { alinkPropertyParams, alinkPropertySet } from './alink-set.ts';
import type { CommandService } from './command-deps.ts';
import { commandTarget } from './command-target.ts';
import { deviceInScope } from '../devices/index.ts';
import { logOperation, valuesSummary, type Operator } from './operation-log.ts';
import { assertSettable, frameTable, loggingRejection } from './rejections.ts';
import { sendCommand } from './send-command.ts';
import type { VendorReader } from '../points/index.ts';
import { checkPoints, refuseEncoding, type PointValueInput } from './value-rules.ts';

/** Who sets values: the operator of the log, and whether it reads and sets vendor parameters in the company acted for. */
export interface CommandActor extends Operator, VendorReader {}

/**
 * Sets point values of a device of the scope. Refused before sending, in this order: missing or
 * foreign device (NOT_FOUND, not logged), locked, offline; a thing-model device gets an Alink property
 * set checked against its published model (alink-set.ts); otherwise no point table, unknown point,
 * point not RW, vendor parameter without its button, then the encoder's checks (enum, range with
 * referenced points read from the current values, resolution, byte length). Sent as a set command
 * and answered by the set reply with the same sequence number, or noReply after the timeout. Logged.
 */
export async function setPointValues(
  service: CommandService,
  scope: DealerScope,
  actor: CommandActor,
  input: { deviceId: string; values: PointValueInput[] },
  locale: Locale,
): Promise<CommandAnswer> {
  const target = await commandTarget(service.db, await deviceInScope(service.db, scope, { id: input.deviceId }));
  const entry = {
    deviceId: target.deviceId,
    deviceCode: target.deviceCode,
    operator: actor,
    action: 'setValues' as const,
    request: { values: input.values },
    summary: valuesSummary(input.values),
    createdAt: new Date(),
  };
  const { build, replyFunction } = await loggingRejection(service, entry, async () => {
    assertSettable(target);
    const profile = await service.profiles.get(target.deviceCode);
    if (profile?.messageType === 'tm') {
      const params = await alinkPropertyParams(service.db, profile.productId, input.values, locale);
      return { build: alinkPropertySet(target, params), replyFunction: 'alinkReply' as const };
    }
    const table = await frameTable(service, target);
    checkPoints(input.values, table, actor, locale);
    const current = await currentValues(service.db, target.deviceId);
    const encode = (seq: number) => encodeSetCommand(target.deviceCode, input.values, table, { seq, current });
    const trial = encode(0);
    if (!trial.ok) refuseEncoding(trial.error, input.values, table, actor, locale);
    return { build: encode, replyFunction: 'setReply' as const };
  });
  const sent = await loggingRejection(service, entry, () => sendCommand(service, target, replyFunction, build));
  const reply = sent.reply;
  // A set reply's status 00 is accepted; an Alink reply's code 200 is success.
  const accepted = replyFunction === 'alinkReply' ? 200 : 0;
  const answer: CommandAnswer = reply
    ? {
        outcome: reply.status === accepted ? 'applied' : 'refused',
        status: reply.status,
        statusName: reply.statusName,
        values: reply.values ?? [],
      }
    : { outcome: 'noReply', status: null, statusName: null, values: [] };
  await logOperation(service.db, { ...entry, outcome: answer.outcome, detail: answer.statusName ?? '', seq: sent.seq });
  return answer;
}
