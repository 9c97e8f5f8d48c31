import { z } from 'zod';
import { multilineText } from '../../text.ts';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { versionId } from './common.ts';

/**
 * The frame inspector (ours, beyond the spec): a hex frame (docs/device-protocol.md) decoded with a
 * protocol version's point table, point by point, CRC checked. The device communication log uses
 * the same answer later. A frame that does not decode is an answer (ok false with the reason), not
 * a call error.
 */

/** Longest hex text accepted (a frame of 2,048 bytes). */
export const MAX_FRAME_HEX_LENGTH = 4096 * 2;

export const decodedRow = z.object({
  address: z.number().int(),
  pointCode: z.string(),
  pointName: z.string(),
  /** Raw register value as hex, as it came on the wire. */
  raw: z.string(),
  /** Value after the data type and report formula; null when it could not be computed. */
  value: z.number().nullable(),
  /** Enum label or value with unit. */
  display: z.string(),
  unit: z.string(),
  /** Active faults, bits that are on, or why there is no value. */
  description: z.string(),
  faults: z.array(z.object({ faultCode: z.string(), level: z.number().int() })),
  error: z.boolean(),
});
export type DecodedRow = z.infer<typeof decodedRow>;

export const frameDecodeAnswer = z.object({
  ok: z.boolean(),
  /** Why the frame did not decode (in the caller's language); empty when ok. */
  error: z.string(),
  errorCode: z.string(),
  frame: z
    .object({
      head: z.string(),
      protocolVersion: z.number().int(),
      functionCode: z.string(),
      functionName: z.string(),
      sequence: z.number().int(),
      deviceCode: z.string(),
      crc: z.string(),
      crcExpected: z.string(),
      crcOk: z.boolean(),
      byteCount: z.number().int(),
    })
    .nullable(),
  rows: z.array(decodedRow),
});
export type FrameDecodeAnswer = z.infer<typeof frameDecodeAnswer>;

export const decodeFrameCall = defineCall({
  path: `${CLOUD_API}/frame/decode`,
  description: "Decodes a hex frame (spaces allowed) with a protocol version's point table and data types.",
  auth: 'session',
  button: Button.PROTOCOLS,
  request: z
    .object({
      versionId,
      hex: multilineText(
        z
          .string({ error: 'catalog.validation.hex' })
          .trim()
          .min(1, 'catalog.validation.hex')
          .max(MAX_FRAME_HEX_LENGTH, 'catalog.validation.hex'),
      ),
    })
    .strict(),
  response: frameDecodeAnswer,
});
