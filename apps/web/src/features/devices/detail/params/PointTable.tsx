import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PointValue } from '@dcc/contract';
import { formatTime } from '../../../../components/list/index.ts';
import { useLocalName } from '../../../../i18n/useLocalName.ts';
import { pointValueText, rangeText } from './pointText.ts';
import { SetValueControl } from './SetValueControl.tsx';

/** Points with their live values; RW points get an inline setter when the caller may control the device. */
export function PointTable({
  deviceId,
  points,
  mayControl,
  testId,
}: {
  deviceId: string;
  points: PointValue[];
  mayControl: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const localName = useLocalName();
  return (
    <Table<PointValue>
      rowKey="address"
      size="small"
      pagination={false}
      dataSource={points}
      data-testid={testId}
      onRow={(point) => ({ 'data-testid': `point-${point.address}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'address', title: t('deviceDetail.point.address'), dataIndex: 'address', width: 80 },
        { key: 'name', title: t('deviceDetail.point.name'), render: (_, p) => localName(p.name, p.enName) },
        { key: 'code', title: t('deviceDetail.point.code'), dataIndex: 'code' },
        {
          key: 'value',
          title: t('deviceDetail.point.value'),
          render: (_, p) => <span data-testid={`value-${p.address}`}>{pointValueText(p, t)}</span>,
        },
        {
          key: 'range',
          title: t('deviceDetail.point.range'),
          render: (_, p) => rangeText(p, t('deviceDetail.point.factoryBound')),
        },
        { key: 'reportedAt', title: t('deviceDetail.point.reportedAt'), render: (_, p) => formatTime(p.reportedAt) },
        ...(mayControl
          ? [
              {
                key: 'set',
                title: t('deviceDetail.point.set'),
                render: (_: unknown, p: PointValue) =>
                  p.mode === 'RW' ? <SetValueControl deviceId={deviceId} point={p} /> : null,
              },
            ]
          : []),
      ]}
    />
  );
}
