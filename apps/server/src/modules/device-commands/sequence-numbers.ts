import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Sequence numbers of the commands to each device: a reply echoes its command's number, so two
 * commands waiting for replies from one device must never share one. Per device a counter wraps at
 * 65535 and skips numbers still outstanding; a device's first number is random, so that a reply to
 * a command sent before a restart is unlikely to match a new one. The server starts each command at
 * a number drawn from the database (drawCommandSeq): instances sharing one never collide.
 */
export class SequenceNumbers {
  private readonly next = new Map<string, number>();
  private readonly outstanding = new Map<string, Set<number>>();

  /**
   * A number for a new command to the device (from `drawn` on, when given), unused among its outstanding
   * ones; give it back with release.
   */
  take(deviceCode: string, drawn?: number): number {
    const taken = this.outstanding.get(deviceCode) ?? new Set<number>();
    if (taken.size >= 0x10000) throw new Error(`every sequence number of ${deviceCode} is outstanding`);
    let seq = drawn !== undefined ? drawn & 0xffff : (this.next.get(deviceCode) ?? Math.floor(Math.random() * 0x10000));
    while (taken.has(seq)) seq = (seq + 1) & 0xffff;
    taken.add(seq);
    this.outstanding.set(deviceCode, taken);
    this.next.set(deviceCode, (seq + 1) & 0xffff);
    return seq;
  }

  release(deviceCode: string, seq: number): void {
    const taken = this.outstanding.get(deviceCode);
    if (!taken) return;
    taken.delete(seq);
    // Devices without commands in flight keep only their next number.
    if (taken.size === 0) this.outstanding.delete(deviceCode);
  }

  /** How many commands to the device await their reply. */
  pending(deviceCode: string): number {
    return this.outstanding.get(deviceCode)?.size ?? 0;
  }
}

/** The next command sequence number of the database (shared by every instance on it), within 0..65535. */
export async function drawCommandSeq(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: string }>`select nextval('device_command_seq') as n`.execute(db);
  return Number(BigInt(rows[0]!.n) & 0xffffn);
}
