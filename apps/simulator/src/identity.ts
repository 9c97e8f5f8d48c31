/** Which demo product a simulated device is: the frame-protocol heat pump or the Alink water heater. */
export const PRODUCT_KINDS = ['heatPump', 'waterHeater'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** What a device needs to sign in: its IoT code and secret (shown once when it was registered). */
export interface DeviceIdentity {
  code: string;
  secret: string;
  kind: ProductKind;
}
