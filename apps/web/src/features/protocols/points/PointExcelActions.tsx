import { useState } from 'react';
import { Button, Descriptions, Modal, Space, Upload } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type ImportRefusal, type CallResponse, type importPoints } from '@dcc/contract';
import { hasErrorCode } from '../../../api/errors.ts';
import { notify } from '../../../api/notify.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { downloadBase64 } from './downloadBase64.ts';
import { exportPointTable, useImportPoints } from './hooks.ts';
import { importFileProblem, importProblems } from './importFile.ts';
import { ImportProblemsTable } from '../../../components/list/ImportProblemsTable.tsx';

interface Props {
  versionId: string;
  versionName: string;
  /** Points the version holds now: the import replaces them all. */
  pointCount: number;
  /** Only the maker changes the catalog: others export only. */
  canImport: boolean;
}

type ImportResult = CallResponse<typeof importPoints>;

/** Export and import of a version's point table as Excel; an import asks first, then shows its counts or the file's problems. */
export function PointExcelActions({ versionId, versionName, pointCount, canImport }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [exporting, setExporting] = useState(false);
  const [pending, setPending] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);
  const importer = useImportPoints();

  const exportTable = async () => {
    setExporting(true);
    try {
      const file = await exportPointTable(versionId);
      downloadBase64(file.fileName, file.contentBase64);
      void message.success(t('points.exported', { count: file.pointCount }));
    } catch {
      // The API client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const choose = (file: File) => {
    const problem = importFileProblem(file);
    if (problem) void message.error(t(problem));
    else setPending(file);
    // Never let the Upload send on its own: the import goes through the API client after the confirmation.
    return Upload.LIST_IGNORE;
  };

  const runImport = async () => {
    if (!pending) return;
    try {
      setResult(await importer.mutateAsync({ versionId, file: pending }));
      setPending(null);
    } catch (error) {
      setPending(null);
      // No answer (timeout or network): the import may still have been applied; the table is reloaded.
      if (hasErrorCode(error, 0)) void message.warning(t('points.importNoAnswer'));
      if (!hasErrorCode(error, ErrorCode.POINT_IMPORT_INVALID)) return;
      const problems = importProblems(error.details);
      if (problems) setRefusal(problems);
      else notify().error(t('common.errorOccurred', { message: error.message }));
    }
  };

  return (
    <Space wrap>
      <Button
        icon={<DownloadOutlined />}
        loading={exporting}
        onClick={() => void exportTable()}
        data-testid="points-export"
      >
        {t('points.export')}
      </Button>
      {canImport && (
        <Upload accept=".xls,.xlsx" showUploadList={false} beforeUpload={choose} data-testid="points-import">
          <Button icon={<UploadOutlined />} loading={importer.isPending}>
            {t('points.import')}
          </Button>
        </Upload>
      )}
      <Modal
        open={pending !== null}
        title={t('points.importConfirmTitle')}
        onOk={() => runImport()}
        onCancel={() => setPending(null)}
        confirmLoading={importer.isPending}
        okText={t('points.importConfirmOk')}
        okButtonProps={{ danger: pointCount > 0, 'data-testid': 'import-confirm' }}
        destroyOnHidden
      >
        <p>{t('points.importFile', { name: pending?.name ?? '' })}</p>
        <p data-testid="import-confirm-text">
          {t('points.importReplaces', { count: pointCount, version: versionName })}
        </p>
      </Modal>
      <Modal
        open={result !== null}
        title={t('points.importDone')}
        onOk={() => setResult(null)}
        onCancel={() => setResult(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okButtonProps={{ 'data-testid': 'modal-ok' }}
      >
        {result && (
          <Descriptions bordered size="small" column={1} data-testid="import-result">
            <Descriptions.Item label={t('points.importTotal')}>
              <span data-testid="import-total">{result.total}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('points.importAdded')}>
              <span data-testid="import-added">{result.added}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('points.importUpdated')}>
              <span data-testid="import-updated">{result.updated}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('points.importRemoved')}>
              <span data-testid="import-removed">{result.removed}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('points.importUnchanged')}>
              <span data-testid="import-unchanged">{result.unchanged}</span>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
      <Modal
        open={refusal !== null}
        title={t('points.importRefused')}
        width={760}
        onOk={() => setRefusal(null)}
        onCancel={() => setRefusal(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okButtonProps={{ 'data-testid': 'modal-ok' }}
      >
        {refusal && (
          <div data-testid="import-problems">
            <p>{t('points.importProblemCount', { count: refusal.problemCount, shown: refusal.problems.length })}</p>
            <ImportProblemsTable
              refusal={refusal}
              titles={{
                row: t('points.problemRow'),
                column: t('points.problemColumn'),
                message: t('points.problemMessage'),
              }}
            />
          </div>
        )}
      </Modal>
    </Space>
  );
}
