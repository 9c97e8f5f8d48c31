import { Link } from 'react-router-dom';
import { deviceDetailPath } from '../devices/paths.ts';

/** A device's IoT code linking to its detail page. */
export function DeviceLink({
  device,
}: {
  device: { deviceId: string; deviceCode: string; productMessageType: string };
}) {
  return (
    <Link to={deviceDetailPath(device)} data-testid="device-link">
      {device.deviceCode}
    </Link>
  );
}
