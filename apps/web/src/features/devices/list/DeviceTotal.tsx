import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { countFilteredDevices, type DeviceFilters } from '../hooks.ts';

interface Props {
  totalSize: number;
  /** False past 10,000 matches (the list counts exactly up to there): totalSize is a lower bound. */
  totalExact: boolean;
  filters: DeviceFilters;
}

/** The list's total: exact, or "more than N" with a button that asks countDevices for the exact number. */
export function DeviceTotal({ totalSize, totalExact, filters }: Props) {
  const { t } = useTranslation();
  const asked = JSON.stringify(filters);
  const [exact, setExact] = useState<{ for: string; total: number } | null>(null);
  const [counting, setCounting] = useState(false);
  if (totalExact) return <span data-testid="device-total">{t('list.total', { total: totalSize })}</span>;
  if (exact?.for === asked) return <span data-testid="device-total">{t('list.total', { total: exact.total })}</span>;
  const count = async () => {
    setCounting(true);
    try {
      setExact({ for: asked, total: (await countFilteredDevices(filters)).totalSize });
    } catch {
      // The API client has shown why.
    } finally {
      setCounting(false);
    }
  };
  return (
    <span data-testid="device-total">
      {t('devices.moreThan', { total: totalSize })}
      <Button type="link" size="small" loading={counting} onClick={() => void count()} data-testid="device-count-exact">
        {t('devices.countExact')}
      </Button>
    </span>
  );
}
