import { useState } from 'react';
import { Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listQueryKey } from '../../../components/list/index.ts';
import { countFilteredDevices, DEVICE_LIST, type DeviceFilters } from '../hooks.ts';

interface Props {
  totalSize: number;
  /** False when the list counted only ten pages ahead: totalSize is a lower bound. */
  totalExact: boolean;
  filters: DeviceFilters;
}

/**
 * The list's total, exact whenever counting is cheap: a page that counted only ten pages ahead asks for a count
 * bounded at 10,000 matches (countDevices upTo), so "more than N" shows only past that, with a button that asks
 * for the exact number.
 */
export function DeviceTotal({ totalSize, totalExact, filters }: Props) {
  const { t } = useTranslation();
  const asked = JSON.stringify(filters);
  const bounded = useQuery({
    queryKey: [...listQueryKey(DEVICE_LIST), 'count', filters],
    queryFn: () => countFilteredDevices(filters, true),
    enabled: !totalExact,
  });
  const [exact, setExact] = useState<{ for: string; total: number } | null>(null);
  const [counting, setCounting] = useState(false);
  const total = (count: number) => <span data-testid="device-total">{t('list.total', { total: count })}</span>;
  if (totalExact) return total(totalSize);
  if (exact?.for === asked) return total(exact.total);
  if (bounded.data?.totalExact) return total(bounded.data.totalSize);
  if (bounded.isPending) return <Spin size="small" data-testid="device-total-counting" />;
  const count = async () => {
    setCounting(true);
    try {
      setExact({ for: asked, total: (await countFilteredDevices(filters, false)).totalSize });
    } catch {
      // The API client has shown why.
    } finally {
      setCounting(false);
    }
  };
  return (
    <span data-testid="device-total">
      {t('devices.moreThan', { total: bounded.data?.totalSize ?? totalSize })}
      <Button type="link" size="small" loading={counting} onClick={() => void count()} data-testid="device-count-exact">
        {t('devices.countExact')}
      </Button>
    </span>
  );
}
