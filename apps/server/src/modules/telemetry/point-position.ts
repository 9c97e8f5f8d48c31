import { localName, type Locale, type PointPosition } from '@dcc/contract';
import type { DevicePoint } from './current-points.ts';

/** A readable point as getPointPosition lists it: content is its name in the caller's language. */
export const pointPositionOf =
  (locale: Locale) =>
  (point: DevicePoint): PointPosition => ({
    address: point.address,
    content: localName(locale, point.name, point.enName),
    mode: point.mode,
    code: point.code,
    unit: point.unit,
  });
