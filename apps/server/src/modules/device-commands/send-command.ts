import { ErrorCode } from '@dcc/contract';
import type { EncodeResult } from '@dcc/protocol';
import { AppError } from '../../http/app-error.ts';
import { NO_BROKER_MESSAGE } from '../../ingest/index.ts';
import { awaitReply, type ReplyEvent, type ReplyMatch } from './await-reply.ts';
import type { CommandService } from './command-deps.ts';
import type { CommandTarget } from './command-target.ts';
import { drawCommandSeq } from './sequence-numbers.ts';

/** A command that was sent: its sequence number and the device's reply, or null when none came in time. */
export interface SentCommand {
  seq: number;
  reply: ReplyEvent | null;
}

/**
 * Sends a command (a frame or an Alink message) to a device and waits for the reply that echoes its sequence number (Alink: its id). The
 * frame is built with the sequence number taken here; COMMAND_NOT_SENT when the broker does not take it.
 */
export async function sendCommand(
  service: CommandService,
  target: Pick<CommandTarget, 'deviceId' | 'deviceCode' | 'gatewayCode'>,
  replyFunction: ReplyMatch['function'],
  build: (seq: number) => EncodeResult,
): Promise<SentCommand> {
  const deviceCode = target.deviceCode;
  const seq = service.sequences.take(deviceCode, await drawCommandSeq(service.db));
  try {
    const frame = build(seq);
    if (!frame.ok) throw new Error(`command frame not built: ${frame.error.message}`);
    const wait = awaitReply(service.events, { deviceCode, seq, function: replyFunction }, service.timeoutMs);
    try {
      // A child online through its gateway is reached on the gateway's down topic; the frame names the child.
      await service.downlink.send(target, Buffer.from(frame.bytes));
    } catch (error) {
      wait.cancel();
      const noBroker = error instanceof Error && error.message === NO_BROKER_MESSAGE;
      throw new AppError(
        ErrorCode.COMMAND_NOT_SENT,
        noBroker ? 'deviceCommands.error.noBroker' : 'deviceCommands.error.notSent',
      );
    }
    return { seq, reply: await wait.reply };
  } finally {
    service.sequences.release(deviceCode, seq);
  }
}
