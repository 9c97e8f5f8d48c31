import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Delivers SMS verification codes; a real gateway implements this in production. */
export interface SmsSender {
  sendCode(phone: string, code: string): Promise<void>;
}

/** 13800000000 -> 138****0000 */
export const maskPhone = (phone: string): string => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

/**
 * The demo sender: no gateway, the message goes to the sms_outbox table and the server log
 * so that a demo or a test can read the code. Only this sender ever logs a code.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async sendCode(phone: string, code: string): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ phone, text: `Your verification code is ${code}, valid for 5 minutes.` }).execute();
    this.log.info(`SMS code for ${maskPhone(phone)}: ${code}`);
  }
}
