import { useState, type ReactNode } from 'react';
import { Button, Drawer, Space, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoggedPacket } from '@dcc/contract';
import { formatTime, PagedTable, type PagedTableProps } from '../../../components/list/index.ts';
import { frameInspectorLink, type ReturnTo } from '../../devices/detail/tabs/frameInspectorLink.ts';
import { PacketDetail } from '../../devices/detail/tabs/PacketDetail.tsx';

type Props<Filters extends object, FormValues extends object> = Pick<
  PagedTableProps<LoggedPacket, Filters, FormValues>,
  'listName' | 'initialFilters' | 'load' | 'toFilters' | 'toFormValues' | 'testId'
> & { title: ReactNode; searchFields: ReactNode };

/**
 * Packets of the device logs, as the device detail's communication log shows them: head, function, CRC,
 * points; "parse" shows its points in a drawer, "inspect" opens it in the frame inspector.
 */
export function PacketLogTable<Filters extends object, FormValues extends object>(props: Props<Filters, FormValues>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [shown, setShown] = useState<LoggedPacket | null>(null);
  const inspectable = (packet: LoggedPacket) => packet.versionId !== null && packet.hex !== null;
  const inspect = (packet: LoggedPacket) =>
    packet.versionId &&
    packet.hex !== null &&
    navigate(frameInspectorLink(packet.versionId, packet.hex), {
      state: { returnTo: `${location.pathname}${location.search}` } satisfies ReturnTo,
    });
  const columns: TableColumnsType<LoggedPacket> = [
    { title: t('deviceHistory.packets.time'), dataIndex: 'time', render: formatTime },
    { title: t('logs.deviceCode'), dataIndex: 'deviceCode' },
    {
      title: t('deviceHistory.packets.direction'),
      dataIndex: 'direction',
      render: (direction: LoggedPacket['direction']) => t(`deviceHistory.packets.directions.${direction}`),
    },
    { title: t('deviceHistory.packets.head'), key: 'head', render: (_, packet) => packet.decoded?.frame?.head },
    {
      title: t('deviceHistory.packets.function'),
      key: 'function',
      render: (_, packet) => packet.decoded?.frame?.functionName ?? packet.kind,
    },
    {
      title: t('deviceHistory.packets.crc'),
      key: 'crc',
      render: (_, packet) =>
        packet.decoded?.frame && (
          <Tag color={packet.decoded.frame.crcOk ? 'green' : 'red'}>{packet.decoded.frame.crc}</Tag>
        ),
    },
    { title: t('deviceHistory.packets.points'), key: 'points', render: (_, packet) => packet.decoded?.rows.length },
    {
      title: t('deviceHistory.packets.refusal'),
      key: 'refusal',
      render: (_, packet) => (packet.decoded && !packet.decoded.ok ? packet.decoded.error : packet.refusal),
    },
    {
      title: t('deviceHistory.packets.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, packet) => (
        <Space size={0}>
          {packet.decoded && (
            <Button type="link" size="small" onClick={() => setShown(packet)} data-testid="packet-parse">
              {t('deviceHistory.packets.parse')}
            </Button>
          )}
          {packet.decoded && inspectable(packet) && (
            <Button type="link" size="small" onClick={() => inspect(packet)} data-testid="packet-inspect">
              {t('deviceHistory.packets.inspect')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PagedTable<LoggedPacket, Filters, FormValues>
        {...props}
        columns={columns}
        rowKey={(packet) => `${packet.deviceId}:${packet.time}:${packet.direction}:${packet.hex?.slice(0, 64) ?? ''}`}
      />
      <Drawer
        open={shown !== null}
        size="large"
        title={t('deviceHistory.packets.parsed')}
        onClose={() => setShown(null)}
        extra={
          shown &&
          inspectable(shown) && (
            <Button type="primary" onClick={() => inspect(shown)} data-testid="packet-drawer-inspect">
              {t('deviceHistory.packets.inspect')}
            </Button>
          )
        }
      >
        {shown?.decoded && <PacketDetail decoded={shown.decoded} hex={shown.hex} />}
      </Drawer>
    </>
  );
}
