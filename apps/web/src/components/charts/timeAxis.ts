import { formatInPlatformZone, platformZoneOffset } from '../time/platformTime.ts';

/** An ECharts time axis in the platform's zone (named at its end): labels as MM-DD HH:mm, the pointed time in full. */
export const platformTimeAxis = () => ({
  type: 'time',
  name: platformZoneOffset(),
  nameLocation: 'end',
  axisLabel: { formatter: (value: number) => formatInPlatformZone(value, 'MM-DD HH:mm') },
  // The tooltip's heading (the pointed time) is this label.
  axisPointer: {
    label: { formatter: ({ value }: { value: number }) => formatInPlatformZone(value, 'YYYY-MM-DD HH:mm:ss') },
  },
});
