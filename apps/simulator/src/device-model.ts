/**
 * What a simulated device says, whatever its product: the MQTT side (VirtualDevice) asks its model
 * for payloads and hands it the commands from its down topic.
 */
export interface DeviceModel {
  /** Advances the physics by `seconds` ending at `nowMs`. */
  step(seconds: number, nowMs: number): void;
  /** A periodic report (all values), and any event the last step raised. */
  reports(): Buffer[];
  /** A heartbeat, for products that send one. */
  heartbeat(): Buffer | null;
  /** The answer to a command, or null when the command is ignored (and why). */
  answer(payload: Buffer): { reply: Buffer } | { reply: null; reason: string };
}
