import { Button, Popconfirm, Space, Upload } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { saveThingModelDraft, type ThingModelState } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useMayCall } from '../../../session/mayCall.ts';
import { usePublish, useSaveDraft } from '../hooks.ts';
import { draftEditorPath } from '../paths.ts';
import { issueText } from './issueText.ts';
import { downloadModel, parseModelFile } from './modelFile.ts';

interface Props {
  productName: string;
  state: ThingModelState;
  /** Shows why an imported file was refused ('' clears it). */
  onImportProblem(problem: string): void;
}

/** Edit the draft, publish it, import a JSON document into the draft, export the published model or the draft. */
export function ModelActions({ productName, state, onImportProblem }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const publish = usePublish(state.productId);
  const saveDraft = useSaveDraft(state.productId);
  const maker = useMayCall(saveThingModelDraft);
  const nothingToPublish = state.publishedVersion > 0 && !state.draftChanged;
  const importFile = async (file: File) => {
    onImportProblem('');
    const read = parseModelFile(await file.text());
    if (!read.ok) {
      // The draft stays as it was.
      onImportProblem(
        read.reason === 'notJson'
          ? t('thingModel.import.notJson', { file: file.name })
          : t('thingModel.import.invalid', { file: file.name, path: read.path, reason: issueText(t, read.issue) }),
      );
      return;
    }
    saveDraft.mutate(
      { version: state.version, model: read.model },
      { onSuccess: () => void message.success(t('thingModel.import.done')) },
    );
  };
  return (
    <Space wrap>
      {maker ? (
        <>
          <Button
            type="primary"
            onClick={() => navigate(draftEditorPath(state.productId))}
            data-testid="thing-model-edit-draft"
          >
            {t('thingModel.editDraft')}
          </Button>
          <Popconfirm
            title={t('thingModel.publishConfirm', { version: state.publishedVersion + 1 })}
            okText={t('thingModel.publish')}
            cancelText={t('list.cancel')}
            okButtonProps={{ 'data-testid': 'thing-model-publish-confirm' }}
            onConfirm={() =>
              publish.mutateAsync(state.version).then(
                () => void message.success(t('thingModel.published')),
                () => undefined,
              )
            }
            disabled={nothingToPublish}
          >
            <Button disabled={nothingToPublish} loading={publish.isPending} data-testid="thing-model-publish">
              {t('thingModel.publish')}
            </Button>
          </Popconfirm>
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(file) => (void importFile(file), false)}
          >
            <Button icon={<UploadOutlined />} loading={saveDraft.isPending} data-testid="thing-model-import">
              {t('thingModel.import')}
            </Button>
          </Upload>
        </>
      ) : null}
      <Button
        icon={<DownloadOutlined />}
        disabled={!state.published}
        onClick={() => state.published && downloadModel(productName, state.published)}
        data-testid="thing-model-export-published"
      >
        {t('thingModel.exportPublished')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => downloadModel(productName, state.draft)}
        data-testid="thing-model-export-draft"
      >
        {t('thingModel.exportDraft')}
      </Button>
    </Space>
  );
}
