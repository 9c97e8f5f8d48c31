import { useTranslation } from 'react-i18next';
import { PACKET_DIRECTIONS } from '@dcc/contract';

export type DirectionFilter = '' | (typeof PACKET_DIRECTIONS)[number];

/** The packet-direction filter's options: both, up, down. */
export function useDirectionOptions(): Array<{ value: DirectionFilter; label: string }> {
  const { t } = useTranslation();
  return [
    { value: '', label: t('logs.allDirections') },
    ...PACKET_DIRECTIONS.map((direction) => ({
      value: direction,
      label: t(`deviceHistory.packets.directions.${direction}`),
    })),
  ];
}
