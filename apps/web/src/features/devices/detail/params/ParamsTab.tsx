import { Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button, setDevicePointValues } from '@dcc/contract';
import { LoadFailedResult } from '../../../../components/LoadFailedResult.tsx';
import { useMayCall } from '../../../../session/mayCall.ts';
import { useSession } from '../../../../session/session.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { useDeviceValues } from '../deviceQueries.ts';
import { PARAM_GROUPS, paramGroupOf } from './pointText.ts';
import { PointTable } from './PointTable.tsx';

/** The params tab: status, advanced (vendor parameters, with B9405 only) and customer points, each settable inline. */
export function ParamsTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const values = useDeviceValues(deviceId);
  const mayControl = useMayCall(setDevicePointValues);
  const vendor = useSession().buttons.has(Button.DEVICE_VENDOR_PARAMS);
  if (values.isError) return <LoadFailedResult error={values.error} onRetry={() => void values.refetch()} />;
  if (!values.data) return <Spin />;
  const points = values.data.dataList;
  const groups = PARAM_GROUPS.filter((group) => group !== 'advanced' || vendor);
  return (
    <Tabs
      size="small"
      destroyOnHidden
      items={groups.map((group) => ({
        key: group,
        label: <span data-testid={`params-${group}`}>{t(`deviceDetail.params.${group}`)}</span>,
        children: (
          <PointTable
            deviceId={deviceId}
            points={points.filter((p) => paramGroupOf(p) === group)}
            mayControl={mayControl}
            testId={`params-table-${group}`}
          />
        ),
      }))}
    />
  );
}
