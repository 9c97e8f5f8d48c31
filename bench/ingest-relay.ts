/**
 * The relay ceiling of bench/ingest-mqtt.ts: the same fleet publishes the same frames at the same rate
 * to a Mosquitto of the bench's own (MQTT_URL when set instead), and a `$share` subscriber that stores
 * nothing takes them, acknowledging each (QoS 1) as the server's external-broker link does. Its rate is
 * what this machine can move at all with the fleet and a broker on it, whatever the server costs.
 */
import mqtt from 'mqtt';
import { startOwnMosquitto } from '../apps/server/test/own-mosquitto.ts';
import type { FleetReport } from './ingest-mqtt-fleet.ts';

export interface RelayFigures {
  broker: string;
  published: number;
  relayed: number;
  /** Frames received per second, from the first publish to the last frame received. */
  rate: number;
}

/** Runs `fleet` against the broker at the port it is given and counts what a `$share` subscriber receives meanwhile. */
export async function relayCeiling(
  fleet: (port: number) => Promise<FleetReport & { startedAt: number }>,
): Promise<RelayFigures> {
  const external = process.env.MQTT_URL ? new URL(process.env.MQTT_URL) : null;
  const own = external ? null : await startOwnMosquitto({ dynsec: false });
  const url = external ? process.env.MQTT_URL! : own!.url;
  const port = external ? Number(external.port || 1883) : own!.port;
  const subscriber = await mqtt.connectAsync(url, {
    clientId: `bench-relay-${process.pid}`,
    clean: true,
    reconnectPeriod: 0,
  });
  let relayed = 0;
  let last = 0;
  subscriber.on('message', () => {
    relayed++;
    last = Date.now();
  });
  await subscriber.subscribeAsync('$share/bench/dev/+/up', { qos: 1 });
  try {
    const report = await fleet(port);
    // The last frames may still be on their way to the subscriber.
    const deadline = Date.now() + 10_000;
    while (relayed < report.acked && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return {
      broker: external ? url : `own Mosquitto ${url}`,
      published: report.published,
      relayed,
      rate: relayed / ((last - report.startedAt) / 1000),
    };
  } finally {
    await subscriber.endAsync(true);
    await own?.dispose();
  }
}
