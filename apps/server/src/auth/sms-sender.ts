import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SmsConfig } from '../config.ts';
import type { DB } from '../db/schema.ts';

/** Delivers SMS verification codes; a real gateway implements this in production. */
/** Minutes a sent code stays valid (the codes table's expiry and the text the provider sends). */
export const SMS_CODE_VALID_MINUTES = 5;

export interface SmsSender {
  sendCode(phone: string, code: string): Promise<void>;
  /** Resolves once every send already started has finished (the server waits for it on close). */
  settled?(): Promise<void>;
}

/** 13800000000 -> 138****0000 */
export const maskPhone = (phone: string): string =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';

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
    await this.db
      .insertInto('sms_outbox')
      .values({ phone, text: `Your verification code is ${code}, valid for 5 minutes.` })
      .execute();
    this.log.info(`SMS code for ${maskPhone(phone)}: ${code}`);
  }
}

/** What the HTTP provider is told besides the phone and the code. */
export interface HttpSmsOptions {
  url: string;
  token: string | null;
  signName: string;
  templateId: string;
  timeoutMs: number;
}

/**
 * Posts each code to an SMS provider's HTTP API (a JSON webhook: { phone, code, validMinutes,
 * signName, templateId }, `Authorization: Bearer <token>`; any 2xx is success). The post runs
 * after the call has answered, so that neither the provider's latency nor its failure tells a
 * caller whether the phone has an account; a failure is logged with the masked phone, never the code.
 */
export class HttpSmsSender implements SmsSender {
  readonly #inFlight = new Set<Promise<void>>();

  constructor(
    private readonly options: HttpSmsOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  sendCode(phone: string, code: string): Promise<void> {
    const delivery = this.#deliver(phone, code).finally(() => this.#inFlight.delete(delivery));
    this.#inFlight.add(delivery);
    return Promise.resolve();
  }

  /** Waits for the posts under way (server shutdown, tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.#inFlight]);
  }

  async #deliver(phone: string, code: string): Promise<void> {
    const { url, token, signName, templateId, timeoutMs } = this.options;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ phone, code, validMinutes: SMS_CODE_VALID_MINUTES, signName, templateId }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      await response.body?.cancel();
      if (!response.ok)
        this.log.warn({ phone: maskPhone(phone), status: response.status }, 'SMS provider refused a verification code');
    } catch (error) {
      this.log.warn(
        { phone: maskPhone(phone), reason: (error as Error).name },
        'SMS provider not reached for a verification code',
      );
    }
  }
}

/** The sender the configuration asks for: the provider's HTTP API, or the demo outbox that logs codes. */
export function smsSenderFor(config: SmsConfig, db: Kysely<DB>, log: FastifyBaseLogger): SmsSender {
  return config.provider === 'http' ? new HttpSmsSender(config, log) : new OutboxSmsSender(db, log);
}
