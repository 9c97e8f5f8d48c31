import type { Downlink } from '../../ingest/device-link.ts';
import { NO_BROKER_MESSAGE } from './send-command.ts';

/** The Downlink of a server without a device broker: every send is refused, so commands answer COMMAND_NOT_SENT (noBroker) honestly. */
export const noBrokerDownlink: Downlink = {
  send: () => Promise.reject(new Error(NO_BROKER_MESSAGE)),
};
