import { useState, type ReactNode } from 'react';
import { Button, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { logColumnTitleKey, type LoggedPacket } from '@dcc/contract';
import { LogSearchPage, type LogSearchPageProps } from './LogSearchPage.tsx';
import { frameInspectorLink, type ReturnTo } from '../../devices/detail/tabs/frameInspectorLink.ts';
import { PacketDetail } from '../../devices/detail/tabs/PacketDetail.tsx';
import { packetColumns } from '../../devices/detail/tabs/packetColumns.tsx';

type Props<Filters extends object, FormValues extends object> = Pick<
  LogSearchPageProps<LoggedPacket, Filters, FormValues>,
  'listName' | 'initialFilters' | 'load' | 'toFilters' | 'toFormValues' | 'testId' | 'exportSearch' | 'exportable'
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
  const columns = packetColumns<LoggedPacket>(t, { parse: setShown, canInspect: inspectable, inspect }, [
    { title: t(logColumnTitleKey('packet', 'deviceCode')), dataIndex: 'deviceCode' },
  ]);
  return (
    <>
      <LogSearchPage<LoggedPacket, Filters, FormValues>
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
