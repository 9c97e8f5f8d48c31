import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PointValue } from '@dcc/contract';
import { DataTable, formatTime } from '../../../../components/list/index.ts';
import { useLocalName } from '../../../../i18n/useLocalName.ts';
import { pointValueText } from './pointText.ts';
import { SetValueControl } from './SetValueControl.tsx';
import { useSetBlock } from './useSetBlock.ts';
import { useRangeText } from './useRangeText.ts';

/**
 * Points with their live values; RW points get an inline setter when the caller may control the device,
 * disabled with the reason above the table while the device is locked or offline.
 */
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
  const rangeText = useRangeText();
  const blocked = useSetBlock(deviceId);
  const settable = mayControl && points.some((p) => p.mode === 'RW');
  return (
    <>
      {settable && blocked !== null ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={blocked}
          data-testid={`${testId}-set-blocked`}
        />
      ) : null}
      <DataTable<PointValue>
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
            render: (_, p) => <span data-testid={`range-${p.address}`}>{rangeText(p)}</span>,
          },
          {
            key: 'reportedAt',
            title: t('deviceDetail.point.reportedAt'),
            render: (_, p) => formatTime(p.reportedAt),
          },
          ...(mayControl
            ? [
                {
                  key: 'set',
                  title: t('deviceDetail.point.set'),
                  render: (_: unknown, p: PointValue) =>
                    p.mode === 'RW' ? <SetValueControl deviceId={deviceId} point={p} blocked={blocked} /> : null,
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
