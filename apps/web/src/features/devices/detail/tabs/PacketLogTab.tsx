import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CallResponse, listDevicePackets } from '@dcc/contract';
import { PagedTable, type PageRequest } from '../../../../components/list/index.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { frameInspectorLink, type ReturnTo } from './frameInspectorLink.ts';
import { loadPackets } from './historyHooks.ts';
import { PacketDetail } from './PacketDetail.tsx';
import { packetColumns } from './packetColumns.tsx';

type PacketPage = CallResponse<typeof listDevicePackets>;
type Packet = PacketPage['list'][number];

/** The communication log: every packet with its parsed head and CRC; one click shows its points, another opens it in the frame inspector. */
export default function PacketLogTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [shown, setShown] = useState<Packet | null>(null);
  // The version that parsed the page's frames, for the inspector link (kept from the last page loaded).
  const [versionId, setVersionId] = useState<string | null>(null);
  const load = async (page: PageRequest) => {
    const answer = await loadPackets(deviceId)(page);
    setVersionId(answer.versionId);
    return answer;
  };
  const inspect = (packet: Packet) =>
    versionId &&
    packet.hex !== null &&
    // Its back button returns here (the device's communication log, under its own menu entry), not to the protocols.
    navigate(frameInspectorLink(versionId, packet.hex), {
      state: { returnTo: `${location.pathname}${location.search}` } satisfies ReturnTo,
    });
  const columns = packetColumns<Packet>(t, {
    parse: setShown,
    canInspect: (packet) => versionId !== null && packet.hex !== null,
    inspect,
  });
  return (
    <>
      <PagedTable<Packet, object>
        listName={`deviceHistory.packets.${deviceId}`}
        initialFilters={{}}
        load={load}
        columns={columns}
        rowKey={(packet) =>
          `${packet.time}:${packet.direction}:${packet.hex?.slice(0, 64) ?? packet.decoded?.frame?.sequence ?? ''}`
        }
        title={t('deviceHistory.packets.title')}
        testId="packet-table"
      />
      <Drawer
        open={shown !== null}
        size="large"
        title={t('deviceHistory.packets.parsed')}
        onClose={() => setShown(null)}
        extra={
          shown &&
          versionId &&
          shown.hex !== null && (
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
