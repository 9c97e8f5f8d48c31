import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, Segmented, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/list/index.ts';
import { useThingModel } from '../hooks.ts';
import { ModelActions } from './ModelActions.tsx';
import { ModelTables } from './ModelTables.tsx';

type Shown = 'published' | 'draft';

/** The thing model of an Alink product: its state, the published model (or the draft), and the model's actions. */
export function ThingModelPanel({ productId, productName }: { productId: string; productName: string }) {
  const { t } = useTranslation();
  const model = useThingModel(productId);
  const [shown, setShown] = useState<Shown | null>(null);
  const [importProblem, setImportProblem] = useState('');
  if (model.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('thingModel.loadFailed')}
        action={
          <Button size="small" onClick={() => void model.refetch()}>
            {t('list.retry')}
          </Button>
        }
      />
    );
  }
  if (!model.data) return <Spin />;
  const state = model.data;
  const view: Shown = shown ?? (state.published ? 'published' : 'draft');
  const viewed = view === 'published' ? state.published : state.draft;
  return (
    <div data-testid="thing-model-panel">
      <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }} data-testid="thing-model-state">
        <Descriptions.Item label={t('thingModel.publishedVersion')}>
          <span data-testid="thing-model-published-version">
            {state.publishedVersion > 0 ? `v${state.publishedVersion}` : t('thingModel.notPublished')}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('thingModel.publishedTime')}>{formatTime(state.publishedTime)}</Descriptions.Item>
        <Descriptions.Item label={t('thingModel.draftState')}>
          <Tag color={state.draftChanged ? 'orange' : 'green'} data-testid="thing-model-draft-state">
            {t(state.draftChanged ? 'thingModel.draftChanged' : 'thingModel.draftSame')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('thingModel.draftTime')}>{formatTime(state.draftTime)}</Descriptions.Item>
      </Descriptions>
      <ModelActions productName={productName} state={state} onImportProblem={setImportProblem} />
      {importProblem ? (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setImportProblem('') }}
          style={{ marginTop: 16 }}
          title={importProblem}
          data-testid="thing-model-import-error"
        />
      ) : null}
      <div style={{ margin: '16px 0 8px' }}>
        <Segmented<Shown>
          value={view}
          onChange={setShown}
          options={[
            { value: 'published', label: t('thingModel.showPublished') },
            { value: 'draft', label: t('thingModel.showDraft') },
          ]}
          data-testid="thing-model-view"
        />
      </div>
      {viewed ? (
        <ModelTables model={viewed} testId={`thing-model-${view}`} />
      ) : (
        <Empty style={{ marginTop: 16 }} description={t('thingModel.notPublishedYet')} />
      )}
    </div>
  );
}
