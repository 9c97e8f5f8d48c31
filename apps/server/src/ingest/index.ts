// The public surface of the ingest (the device side): all that modules may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { PERSISTED_LINK_REFUSALS } from './broker/link-refusal-log.ts';
export { NO_BROKER_MESSAGE, type Downlink } from './downlink/downlink.ts';
export { currentValues } from './pipeline/current-values.ts';
export { OUT_OF_RANGE } from './pipeline/pipeline-write.ts';
export type { Presence, WentOffline } from './presence/presence.ts';
export type { DeviceProfile, DeviceProfiles } from './profiles/device-profiles.ts';
export { publishedProperties } from './profiles/thing-model-addresses.ts';
export { dropExpiredPartitions, ensureDayPartitions } from './partitions/partitions.ts';
