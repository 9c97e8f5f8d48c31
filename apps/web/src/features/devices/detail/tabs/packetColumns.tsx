import { Button, Space, Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { logColumnTitleKey, type CallResponse, type listDevicePackets } from '@dcc/contract';
import { formatTime } from '../../../../components/list/index.ts';

/** A packet as the device detail's communication log has it (log management's packets have more). */
export type PacketRow = CallResponse<typeof listDevicePackets>['list'][number];

export interface PacketActions<T> {
  /** Shows the packet's points (drawer). */
  parse(packet: T): void;
  /** Whether the packet can open in the frame inspector, and opening it there. */
  canInspect(packet: T): boolean;
  inspect(packet: T): void;
}

/**
 * The communication log's columns (the device detail's tab, log management's logs): time, then
 * `afterTime`, then direction, head, function, CRC, points, refusal, and the parse and inspect actions;
 * titles as the log export writes them (contract PACKET_LOG_COLUMNS).
 */
export function packetColumns<T extends PacketRow>(
  t: TFunction,
  actions: PacketActions<T>,
  afterTime: TableColumnsType<T> = [],
): TableColumnsType<T> {
  return [
    { title: t(logColumnTitleKey('packet', 'time')), dataIndex: 'time', render: formatTime },
    ...afterTime,
    {
      title: t(logColumnTitleKey('packet', 'direction')),
      dataIndex: 'direction',
      render: (direction: T['direction']) => t(`deviceHistory.packets.directions.${direction}`),
    },
    { title: t(logColumnTitleKey('packet', 'head')), key: 'head', render: (_, packet) => packet.decoded?.frame?.head },
    {
      title: t(logColumnTitleKey('packet', 'function')),
      key: 'function',
      render: (_, packet) => packet.decoded?.frame?.functionName ?? packet.kindName,
    },
    {
      title: t(logColumnTitleKey('packet', 'crc')),
      key: 'crc',
      render: (_, packet) =>
        packet.decoded?.frame && (
          <Tag color={packet.decoded.frame.crcOk ? 'green' : 'red'}>{packet.decoded.frame.crc}</Tag>
        ),
    },
    {
      title: t(logColumnTitleKey('packet', 'points')),
      key: 'points',
      render: (_, packet) => packet.decoded?.rows.length,
    },
    {
      title: t(logColumnTitleKey('packet', 'refusal')),
      key: 'refusal',
      render: (_, packet) => (packet.decoded && !packet.decoded.ok ? packet.decoded.error : packet.refusalName),
    },
    {
      title: t('deviceHistory.packets.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, packet) => (
        <Space size={0}>
          {packet.decoded && (
            <Button type="link" size="small" onClick={() => actions.parse(packet)} data-testid="packet-parse">
              {t('deviceHistory.packets.parse')}
            </Button>
          )}
          {packet.decoded && actions.canInspect(packet) && (
            <Button type="link" size="small" onClick={() => actions.inspect(packet)} data-testid="packet-inspect">
              {t('deviceHistory.packets.inspect')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
