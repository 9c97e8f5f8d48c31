import { ExportJobButton } from '../../../components/export/ExportJobButton.tsx';
import type { ListQuery } from '../../../components/list/index.ts';
import { exportProgress, startExport, type DeviceFilters } from '../hooks.ts';

/** Exports the device list's filter to Excel (the shared export job button). */
export function ExportButton({ query }: { query: ListQuery<DeviceFilters> }) {
  return <ExportJobButton start={() => startExport(query)} progress={exportProgress} testId="device-export" />;
}
