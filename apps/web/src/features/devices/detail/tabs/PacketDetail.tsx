import { Alert, Descriptions, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DecodedRow, FrameDecodeAnswer } from '@dcc/contract';
import { DataTable } from '../../../../components/list/index.ts';

/**
 * One packet as the protocol engine parsed it: head, CRC, then per point the address, content, value and
 * description. Without `hex` (withheld from a reader without the vendor parameter button) a note says why.
 */
export function PacketDetail({ decoded, hex }: { decoded: FrameDecodeAnswer; hex: string | null }) {
  const { t } = useTranslation();
  const frame = decoded.frame;
  const columns: TableColumnsType<DecodedRow> = [
    { title: t('deviceHistory.packets.address'), dataIndex: 'address' },
    { title: t('deviceHistory.packets.content'), dataIndex: 'pointName' },
    { title: t('deviceHistory.packets.value'), dataIndex: 'display' },
    { title: t('deviceHistory.packets.description'), dataIndex: 'description' },
  ];
  return (
    <>
      {!decoded.ok && (
        <Alert type="error" showIcon title={decoded.error} style={{ marginBottom: 16 }} data-testid="packet-error" />
      )}
      <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }} data-testid="packet-header">
        <Descriptions.Item label={t('deviceHistory.packets.hex')}>
          {hex === null ? (
            <span data-testid="packet-hex-withheld">{t('deviceHistory.packets.hexWithheld')}</span>
          ) : (
            <code style={{ wordBreak: 'break-all' }}>{hex}</code>
          )}
        </Descriptions.Item>
        {frame && (
          <Descriptions.Item label={t('deviceHistory.packets.head')}>
            <code>{frame.head}</code>
          </Descriptions.Item>
        )}
        {frame && (
          <Descriptions.Item label={t('deviceHistory.packets.function')}>{frame.functionName}</Descriptions.Item>
        )}
        {frame && (
          <Descriptions.Item label={t('deviceHistory.packets.crc')}>
            <code>{frame.crc}</code>{' '}
            <Tag color={frame.crcOk ? 'green' : 'red'}>
              {t(frame.crcOk ? 'deviceHistory.packets.crcOk' : 'deviceHistory.packets.crcBad')}
            </Tag>
          </Descriptions.Item>
        )}
      </Descriptions>
      {decoded.rows.length > 0 && (
        <DataTable<DecodedRow>
          size="small"
          rowKey={(row) => `${row.address}:${row.pointCode}`}
          columns={columns}
          dataSource={decoded.rows}
          pagination={false}
          data-testid="packet-points"
        />
      )}
    </>
  );
}
