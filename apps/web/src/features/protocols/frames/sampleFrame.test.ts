import { describe, expect, it } from 'vitest';
import { decodeFrame, demoHeatPumpTable, fromHex } from '@dcc/protocol';
import { demoReportHex, SAMPLE_DEVICE_CODE } from './sampleFrame.ts';

describe('the sample frame of the frame inspector', () => {
  it('is a spaced hex report of the demo heat pump that the engine decodes with a good CRC', () => {
    const hex = demoReportHex();
    expect(hex).toMatch(/^[0-9A-F]{2}( [0-9A-F]{2})+$/);
    const bytes = fromHex(hex);
    expect(bytes).not.toBeNull();
    const decoded = decodeFrame(bytes!, demoHeatPumpTable());
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.frame.deviceCode).toBe(SAMPLE_DEVICE_CODE);
    expect(decoded.frame.function).toBe('report');
    const outlet = decoded.frame.points.find((point) => point.address === 11);
    expect(outlet?.value).toBeCloseTo(46.2);
    expect(decoded.frame.points.find((point) => point.address === 19)?.value).toBeCloseTo(12345.67);
  });
});
