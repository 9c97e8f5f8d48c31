// The public surface of the telemetry module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { devicePoints, type PointReader } from './current-points.ts';
export { pointReaderOf } from './point-reader.ts';
export { parsedPackets } from './packet-log.ts';
