/** Counters of a device or a whole fleet; the fleet shares one object among its devices. */
export interface SimStats {
  /** Connections open now. */
  connected: number;
  /** CONNACKs received, reconnects included. */
  connects: number;
  /** Connections the broker refused or that failed before CONNACK. */
  connectErrors: number;
  /** Connections that ended (socket closed), for whatever reason. */
  closes: number;
  published: number;
  /** QoS 1 publishes the broker acknowledged. */
  acked: number;
  publishErrors: number;
  commandsReceived: number;
  commandsAnswered: number;
  commandsIgnored: number;
}

export const emptyStats = (): SimStats => ({
  connected: 0,
  connects: 0,
  connectErrors: 0,
  closes: 0,
  published: 0,
  acked: 0,
  publishErrors: 0,
  commandsReceived: 0,
  commandsAnswered: 0,
  commandsIgnored: 0,
});
