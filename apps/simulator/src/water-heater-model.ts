import { buildEventPost, buildPropertyPost, buildReply, parseAlinkRequest } from '@dcc/protocol';
import type { DeviceModel } from './device-model.ts';
import type { WaterHeater } from './water-heater-physics.ts';

/** Alink reply code for a request whose parameters are wrong. */
export const ALINK_BAD_PARAMS = 460;

const json = (message: object) => Buffer.from(JSON.stringify(message));

/** A thing-model water heater: Alink JSON property posts, FaultReport events and property.set replies. */
export class WaterHeaterModel implements DeviceModel {
  private id = 0;

  constructor(readonly heater: WaterHeater) {}

  private nextId(): string {
    this.id = (this.id + 1) % 0x100000000;
    return String(this.id);
  }

  step(seconds: number, nowMs: number): void {
    this.heater.step(seconds, nowMs);
  }

  reports(): Buffer[] {
    const out = [json(buildPropertyPost(this.nextId(), { ...this.heater.properties }))];
    if (this.heater.pendingFault)
      out.push(json(buildEventPost(this.nextId(), 'FaultReport', { FaultCode: this.heater.pendingFault })));
    return out;
  }

  heartbeat(): null {
    return null;
  }

  answer(payload: Buffer) {
    const parsed = parseAlinkRequest(payload);
    if (!parsed.ok) return { reply: null, reason: parsed.error.code };
    const request = parsed.message;
    if (request.kind !== 'serviceCall' || request.service !== 'property.set') {
      return { reply: json(buildReply(request, ALINK_BAD_PARAMS, {}, `unsupported method ${request.method}`)) };
    }
    const refused = this.heater.set(request.params);
    if (refused !== null)
      return {
        reply: json(buildReply(request, ALINK_BAD_PARAMS, {}, `property ${refused} is not writable or out of range`)),
      };
    return { reply: json(buildReply(request, 200, { ...request.params })) };
  }
}
