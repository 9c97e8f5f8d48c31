import { useState } from 'react';
import { Alert, Button, Card, Space, Typography, Upload } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type CallResponse, type ImportRefusal, type importDevices } from '@dcc/contract';
import { hasErrorCode } from '../../../api/errors.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { excelFileProblem } from '../../../components/excelFile.ts';
import { ImportProblemsTable } from '../../../components/list/ImportProblemsTable.tsx';
import { downloadBase64 } from '../../protocols/points/downloadBase64.ts';
import { importProblems } from '../../protocols/points/importFile.ts';
import { importTemplate, useImportDevices } from '../hooks.ts';

type Imported = CallResponse<typeof importDevices>;

/** The imported devices' secrets as a text file (IoT code and secret per line): the server never answers them again. */
function downloadSecrets(devices: Imported['devices']): void {
  const text = [
    'deviceCode,deviceSecret',
    ...devices.map((device) => `${device.deviceCode},${device.deviceSecret}`),
  ].join('\n');
  downloadBase64('device_secrets.csv', btoa(text), 'text/csv');
}

/** Excel import of devices: the template, the file (all or nothing), every problem by row and column, the new secrets once. */
export function ImportDevices() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const importer = useImportDevices();
  const [templateLoading, setTemplateLoading] = useState(false);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);
  const [imported, setImported] = useState<Imported | null>(null);

  const template = async () => {
    setTemplateLoading(true);
    try {
      const file = await importTemplate();
      downloadBase64(file.fileName, file.contentBase64);
    } catch {
      // The API client has shown why.
    } finally {
      setTemplateLoading(false);
    }
  };
  const choose = (file: File) => {
    const problem = excelFileProblem(file);
    if (problem) void message.error(t(`devices.import.${problem}`));
    else void send(file);
    return Upload.LIST_IGNORE;
  };
  const send = async (file: File) => {
    setRefusal(null);
    setImported(null);
    try {
      setImported(await importer.mutateAsync(file));
    } catch (error) {
      if (hasErrorCode(error, ErrorCode.DEVICE_IMPORT_INVALID)) setRefusal(importProblems(error.details));
    }
  };

  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>{t('devices.import.hint')}</Typography.Paragraph>
        <Space>
          <Button
            icon={<DownloadOutlined />}
            loading={templateLoading}
            onClick={() => void template()}
            data-testid="import-template"
          >
            {t('devices.import.template')}
          </Button>
          <Upload accept=".xls,.xlsx" showUploadList={false} beforeUpload={choose} data-testid="import-file">
            <Button type="primary" icon={<UploadOutlined />} loading={importer.isPending} data-testid="import-choose">
              {t('devices.import.choose')}
            </Button>
          </Upload>
        </Space>
        {refusal && (
          <div data-testid="import-problems">
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 8 }}
              title={t('devices.import.refused', { count: refusal.problemCount, shown: refusal.problems.length })}
            />
            <ImportProblemsTable
              refusal={refusal}
              titles={{
                row: t('devices.import.row'),
                column: t('devices.import.column'),
                message: t('devices.import.problem'),
              }}
            />
          </div>
        )}
        {imported && (
          <div data-testid="import-done">
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 8 }}
              title={t('devices.import.done', { count: imported.imported })}
              description={t('devices.secret.once')}
            />
            <Button
              icon={<DownloadOutlined />}
              onClick={() => downloadSecrets(imported.devices)}
              data-testid="import-secrets"
            >
              {t('devices.import.secrets')}
            </Button>
          </div>
        )}
      </Space>
    </Card>
  );
}
