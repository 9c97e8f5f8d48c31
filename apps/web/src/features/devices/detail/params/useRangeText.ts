import { useTranslation } from 'react-i18next';
import type { PointValue } from '@dcc/contract';
import { useLocalName } from '../../../../i18n/useLocalName.ts';
import { rangeText } from './pointText.ts';

/** rangeText in the language shown: a factory-setting end by its word, an end awaiting a report by its point's name. */
export function useRangeText(): (point: PointValue) => string {
  const { t } = useTranslation();
  const localName = useLocalName();
  return (point) =>
    rangeText(point, {
      hidden: t('deviceDetail.point.factoryBound'),
      awaiting: (awaited) => t('deviceDetail.point.awaitedBound', { name: localName(awaited.name, awaited.enName) }),
      between: (min, max) => t('deviceDetail.point.rangeBetween', { min, max }),
    });
}
