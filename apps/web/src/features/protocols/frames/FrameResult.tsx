import { Alert, Descriptions, Empty, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { faultTypeOf, type DecodedRow, type FrameDecodeAnswer } from '@dcc/contract';
import { FAULT_TYPE_COLORS } from '../../../components/deviceColors.ts';
import { DataTable } from '../../../components/list/index.ts';

/** The decoded frame: its header with the CRC check, then a row per point; or why it did not decode. */
export function FrameResult({ answer }: { answer: FrameDecodeAnswer }) {
  const { t } = useTranslation();
  const { frame } = answer;
  const columns: TableColumnsType<DecodedRow> = [
    { title: t('points.address'), dataIndex: 'address' },
    { title: t('points.code'), dataIndex: 'pointCode' },
    { title: t('points.name'), dataIndex: 'pointName' },
    { title: t('frames.raw'), dataIndex: 'raw', render: (raw: string) => <code>{raw}</code> },
    {
      title: t('frames.value'),
      dataIndex: 'display',
      render: (display: string, row) => (row.error ? <Tag color="red">{display || t('frames.noValue')}</Tag> : display),
    },
    { title: t('points.unit'), dataIndex: 'unit' },
    {
      title: t('frames.faults'),
      dataIndex: 'faults',
      render: (faults: DecodedRow['faults']) =>
        faults.map((fault) => (
          <Tag key={fault.faultCode} color={FAULT_TYPE_COLORS[faultTypeOf(fault.level)]}>
            {t('frames.fault', { code: fault.faultCode, level: fault.level })}
          </Tag>
        )),
    },
    { title: t('points.description'), dataIndex: 'description' },
  ];
  return (
    <>
      {!answer.ok && (
        <Alert
          type="error"
          showIcon
          title={t('frames.undecodable')}
          description={answer.error}
          style={{ marginBottom: 16 }}
          data-testid="frame-error"
        />
      )}
      {frame && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 3 }}
          title={t('frames.header')}
          style={{ marginBottom: 16 }}
          data-testid="frame-header"
        >
          <Descriptions.Item label={t('frames.head')}>
            <code>{frame.head}</code>
          </Descriptions.Item>
          <Descriptions.Item label={t('frames.protocolVersion')}>{frame.protocolVersion}</Descriptions.Item>
          <Descriptions.Item label={t('frames.function')}>
            <code>{frame.functionCode}</code> {frame.functionName}
          </Descriptions.Item>
          <Descriptions.Item label={t('frames.sequence')}>{frame.sequence}</Descriptions.Item>
          <Descriptions.Item label={t('frames.deviceCode')}>
            <span data-testid="frame-device-code">{frame.deviceCode}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('frames.byteCount')}>{frame.byteCount}</Descriptions.Item>
          <Descriptions.Item label={t('frames.crc')} span={3}>
            <code>{frame.crc}</code>{' '}
            {frame.crcOk ? (
              <Tag color="green" data-testid="frame-crc-status" data-crc="ok">
                {t('frames.crcOk')}
              </Tag>
            ) : (
              <Tag color="red" data-testid="frame-crc-status" data-crc="mismatch">
                {t('frames.crcMismatch', { expected: frame.crcExpected })}
              </Tag>
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
      {(answer.ok || answer.rows.length > 0) && (
        <DataTable<DecodedRow>
          size="small"
          rowKey={(row) => `${row.address}:${row.pointCode}`}
          columns={columns}
          dataSource={answer.rows}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('frames.noRows')} /> }}
          data-testid="frame-rows"
        />
      )}
    </>
  );
}
