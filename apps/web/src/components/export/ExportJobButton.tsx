import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Progress } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { CallResponse, getDeviceExport, startDeviceExport } from '@dcc/contract';

/** How often the progress of a running export is asked. */
const PROGRESS_POLL_MS = 500;

/** An export job's progress (getDeviceExport, getLogExport answer alike). */
export type ExportProgress = CallResponse<typeof getDeviceExport>;
type Progress = ExportProgress;

export interface ExportJobButtonProps {
  /** Starts the export of what the screen shows (the server checks it as the screen's search). */
  start(): Promise<CallResponse<typeof startDeviceExport>>;
  /** The job's progress. */
  progress(jobId: string): Promise<ExportProgress>;
  /** The button's test id. */
  testId: string;
  disabled?: boolean;
}

/**
 * Exports a list to Excel (the device list, the log searches): the server writes it while a progress bar
 * follows; the finished file downloads once.
 */
export function ExportJobButton({ start: startJob, progress: exportProgress, testId, disabled }: ExportJobButtonProps) {
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
  }, [jobId, running, exportProgress]);

  const start = async () => {
    setStarting(true);
    try {
      const started = await startJob();
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
      <Button
        icon={<DownloadOutlined />}
        loading={starting}
        disabled={disabled}
        onClick={() => void start()}
        data-testid={testId}
      >
        {t('list.export.button')}
      </Button>
      <Modal
        open={job !== null}
        title={t('list.export.title')}
        onCancel={() => setJob(null)}
        footer={
          <Button onClick={() => setJob(null)} data-testid="export-close">
            {t('list.export.close')}
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
          {t('list.export.rows', { written: progress?.writtenRows ?? 0, total: progress?.totalRows ?? 0 })}
        </p>
        {progress?.state === 'failed' && <Alert type="error" showIcon title={t('list.export.failed')} />}
        {progress === null && <Alert type="error" showIcon title={t('list.export.lost')} />}
        {progress?.state === 'done' &&
          progress.filePath &&
          (downloaded ? (
            <Alert type="info" showIcon title={t('list.export.downloadedOnce')} data-testid="export-downloaded" />
          ) : (
            <Button
              type="primary"
              href={progress.filePath}
              download={progress.fileName}
              onClick={() => setDownloaded(true)}
              data-testid="export-download"
            >
              {t('list.export.download', { name: progress.fileName })}
            </Button>
          ))}
      </Modal>
    </>
  );
}
