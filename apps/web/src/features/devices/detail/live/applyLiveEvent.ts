import type { QueryClient } from '@tanstack/react-query';
import { displayedStatus, type CallResponse, type getDeviceValues, type LiveStreamEvent } from '@dcc/contract';
import { patchCachedAnswer } from '../../../../api/patchCachedAnswer.ts';
import type { DetailDevice } from '../detailDevice.ts';
import { currentFaultsKey, deviceDetailKey, deviceKey, deviceValuesKey } from '../deviceKeys.ts';

type Values = CallResponse<typeof getDeviceValues>;

/** The events of the live stream (openDeviceEvents) the detail page acts on, as the contract reads them; a lost stream resyncs too. */
export type LiveEvent = Extract<LiveStreamEvent, { kind: LiveEventKindShown }> | { kind: 'resync' };
export type LiveEventKindShown = 'values' | 'status' | 'fault';

/**
 * Brings what the detail shows of `deviceId` up to date with one live event: new values and a new
 * status are written into the cached answers at once (unless they wait to be read again) (then the record is re-read for the fields an
 * event does not carry); a fault re-reads the current faults; a resync (the server may have missed
 * events) re-reads everything.
 */
export function applyLiveEvent(queryClient: QueryClient, deviceId: string, event: LiveEvent): void {
  if (event.kind === 'resync') {
    void queryClient.invalidateQueries({ queryKey: deviceDetailKey(deviceId) });
    return;
  }
  if (event.data.deviceId !== deviceId) return;
  switch (event.kind) {
    case 'values': {
      const changed = new Map(event.data.values.map((v) => [v.address, v.value]));
      patchCachedAnswer<Values>(queryClient, deviceValuesKey(deviceId), (old) => ({
        dataList: old.dataList.map((p) =>
          changed.has(p.address) ? { ...p, value: changed.get(p.address) ?? null, reportedAt: event.data.at } : p,
        ),
      }));
      return;
    }
    case 'status': {
      const { status, code, offlineReason, offlineCheckMethod } = event.data;
      patchCachedAnswer<DetailDevice>(queryClient, deviceKey(deviceId), (old) => ({
        ...old,
        // An UNACTIVE device that connects stays UNACTIVE until it is activated.
        status: displayedStatus(old.status !== 'UNACTIVE', status === 'ONLINE'),
        connected: status === 'ONLINE',
        ...(status === 'OFFLINE' ? { offlineCode: code, offlineReason, offlineCheckMethod } : {}),
      }));
      void queryClient.invalidateQueries({ queryKey: deviceKey(deviceId) });
      return;
    }
    case 'fault':
      void queryClient.invalidateQueries({ queryKey: currentFaultsKey(deviceId) });
      void queryClient.invalidateQueries({ queryKey: deviceKey(deviceId) });
  }
}
