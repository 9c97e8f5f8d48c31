import { useTranslation } from 'react-i18next';
import { setBlockedBy, setBlockMessageKey } from '@dcc/contract';
import { useDevice } from '../deviceQueries.ts';

/** Why the device takes no set command now (setBlockedBy: locked, offline), in the language shown; null when it does or is not read yet. */
export function useSetBlock(deviceId: string): string | null {
  const { t } = useTranslation();
  const device = useDevice(deviceId).data;
  const block = device ? setBlockedBy(device) : null;
  return block === null ? null : t(setBlockMessageKey(block));
}
