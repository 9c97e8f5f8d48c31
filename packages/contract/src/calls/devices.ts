/** Calls of the device registry (issue 10). */
export * from './devices/devices.ts';
export * from './devices/commands.ts';
export * from './devices/import.ts';
export * from './devices/device-access.ts';
export * from './devices/telemetry.ts';
export * from './devices/set-value-rule.ts';
export * from './devices/device-thing-model.ts';
export * from './devices/history.ts';
export * from './devices/device-customer.ts';
export * from './devices/allocation-targets.ts';
export * from './devices/live.ts';
export * from './devices/topology.ts';
export * from './devices/registration.ts';
export * from './devices/device-filter.ts';
export * from './devices/device-list.ts';
export * from './devices/device-list-actions.ts';
export * from './devices/device-faults.ts';
