/** Calls of the device registry (issue 10). */
export * from './devices/devices.ts';
export * from './devices/live.ts';
export * from './devices/topology.ts';
export * from './devices/registration.ts';
