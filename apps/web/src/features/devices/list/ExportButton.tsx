import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Progress } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { CallResponse, getDeviceExport } from '@dcc/contract';
import type { ListQuery } from '../../../components/list/index.ts';
import { exportProgress, startExport, type DeviceFilters } from '../hooks.ts';

/** How often the progress of a running export is asked. */
const PROGRESS_POLL_MS = 500;

type Progress = CallResponse<typeof getDeviceExport>;

/** Exports the list's filter to Excel: the server writes it while a progress bar follows; the finished file downloads once. */
export function ExportButton({ query }: { query: ListQuery<DeviceFilters> }) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const [job, setJob] = useState<{ jobId: string; progress: Progress | null } | null>(null);
  const [downloaded, setDownloaded] = useState(false);

  const jobId = job?.jobId;
  const running = job !== null && job.progress?.state !== 'done' && job.progress?.state !== 'failed';
  useEffect(() => {
    if (!jobId || !running) return;
    const timer = setInterval(() => {
      exportProgress(jobId)
        .then((progress) => setJob((current) => (current?.jobId === jobId ? { jobId, progress } : current)))
        .catch(() => setJob((current) => (current?.jobId === jobId ? { jobId, progress: null } : current)));
    }, PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [jobId, running]);

  const start = async () => {
    setStarting(true);
    try {
      const started = await startExport(query);
      setDownloaded(false);
      setJob({
        jobId: started.jobId,
        progress: { state: 'running', writtenRows: 0, totalRows: started.totalRows, fileName: '', filePath: null },
      });
    } catch {
      // The API client has shown why.
    } finally {
      setStarting(false);
    }
  };

  const progress = job?.progress;
  const percent =
    progress && progress.totalRows > 0
      ? Math.floor((progress.writtenRows / progress.totalRows) * 100)
      : progress?.state === 'done'
        ? 100
        : 0;
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={starting} onClick={() => void start()} data-testid="device-export">
        {t('devices.export.button')}
      </Button>
      <Modal
        open={job !== null}
        title={t('devices.export.title')}
        onCancel={() => setJob(null)}
        footer={
          <Button onClick={() => setJob(null)} data-testid="export-close">
            {t('devices.export.close')}
          </Button>
        }
        destroyOnHidden
      >
        <Progress
          percent={percent}
          status={progress?.state === 'failed' ? 'exception' : undefined}
          data-testid="export-progress"
        />
        <p data-testid="export-rows">
          {t('devices.export.rows', { written: progress?.writtenRows ?? 0, total: progress?.totalRows ?? 0 })}
        </p>
        {progress?.state === 'failed' && <Alert type="error" showIcon title={t('devices.export.failed')} />}
        {progress === null && <Alert type="error" showIcon title={t('devices.export.lost')} />}
        {progress?.state === 'done' &&
          progress.filePath &&
          (downloaded ? (
            <Alert type="info" showIcon title={t('devices.export.downloadedOnce')} data-testid="export-downloaded" />
          ) : (
            <Button
              type="primary"
              href={progress.filePath}
              download={progress.fileName}
              onClick={() => setDownloaded(true)}
              data-testid="export-download"
            >
              {t('devices.export.download', { name: progress.fileName })}
            </Button>
          ))}
      </Modal>
    </>
  );
}
