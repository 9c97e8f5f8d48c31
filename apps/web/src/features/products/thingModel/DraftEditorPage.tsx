import { useState } from 'react';
import { Alert, Button, Card, Empty, Space, Spin, Tag } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { thingModel, type ThingModel } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { STALE_VERSION_QUIET, StaleVersionAlert } from '../../../components/StaleVersionAlert.tsx';
import { useProduct, useSaveDraft, useThingModel } from '../hooks.ts';
import { productDetailPath } from '../paths.ts';
import { issueText } from './issueText.ts';
import { ItemModal, type ItemDraft } from './ItemModal.tsx';
import { NEW_ITEM, type AnyThingItem, type ItemFormValues, type ItemKind } from './items.ts';
import { ModelTables } from './ModelTables.tsx';

/** editTheDraft: edit the properties, events and services of an Alink product's draft, then save it. */
export default function DraftEditorPage() {
  const { t } = useTranslation();
  const { productId = '' } = useParams();
  const product = useProduct(productId);
  const state = useThingModel(productId);
  // Counts reloads after a stale save: each starts the editor over from the stored draft.
  const [loads, setLoads] = useState(0);
  if (product.isError || state.isError)
    return (
      <Card>
        <Empty description={t('products.notFound')} />
      </Card>
    );
  if (!product.data || !state.data)
    return (
      <Card>
        <Spin />
      </Card>
    );
  return (
    <DraftEditor
      key={loads}
      productId={productId}
      productName={product.data.productName}
      saved={state.data.draft}
      version={state.data.version}
      onReloaded={() => setLoads((count) => count + 1)}
    />
  );
}

interface EditorProps {
  productId: string;
  productName: string;
  saved: ThingModel;
  /** The thing model's record version the draft was loaded at (kept while the editor is open). */
  version: number;
  onReloaded(): void;
}

function DraftEditor({ productId, productName, saved, version: loadedVersion, onReloaded }: EditorProps) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const save = useSaveDraft(productId, { quietCodes: STALE_VERSION_QUIET });
  const [model, setModel] = useState<ThingModel>(saved);
  // A refetch of the model while editing does not make a stale draft current.
  const [version] = useState(loadedVersion);
  const [changed, setChanged] = useState(false);
  const [item, setItem] = useState<ItemDraft | null>(null);
  const [problem, setProblem] = useState('');
  const back = () => navigate(productDetailPath({ productId, productMessageType: 'tm' }));
  const leave = () => {
    if (!changed) return back();
    void modal.confirm({
      title: t('thingModel.leaveUnsaved'),
      okText: t('thingModel.leave'),
      cancelText: t('list.cancel'),
      onOk: back,
    });
  };

  const update = (next: ThingModel) => {
    setModel(next);
    setChanged(true);
    setProblem('');
  };
  const saveItem = (kind: ItemKind, entry: AnyThingItem, index: number | undefined) => {
    const list = [...model[kind]] as AnyThingItem[];
    if (index === undefined) list.push(entry);
    else list[index] = entry;
    update({ ...model, [kind]: list });
    setItem(null);
  };
  const removeItem = (kind: ItemKind, index: number) =>
    update({ ...model, [kind]: model[kind].filter((_item, at) => at !== index) });
  const submit = () => {
    const checked = thingModel.safeParse(model);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setProblem(`${issue?.path.join('.') ?? ''}: ${issueText(t, issue)}`);
      return;
    }
    save.mutate(
      { version, model: checked.data },
      {
        onSuccess: () => {
          setChanged(false);
          void message.success(t('thingModel.draftSaved'));
          back();
        },
      },
    );
  };
  const taken = item ? model[item.kind].filter((_entry, at) => at !== item.index).map((entry) => entry.identifier) : [];

  return (
    <Card
      title={
        <Space>
          {t('thingModel.editorTitle', { name: productName })}
          {changed ? <Tag color="orange">{t('thingModel.unsaved')}</Tag> : null}
        </Space>
      }
      extra={
        <Space>
          <Button type="primary" onClick={submit} loading={save.isPending} data-testid="thing-model-save-draft">
            {t('thingModel.saveDraft')}
          </Button>
          <Button onClick={leave} data-testid="thing-model-editor-back">
            {t('products.back')}
          </Button>
        </Space>
      }
      data-testid="thing-model-editor"
    >
      <StaleVersionAlert error={save.error} onReloaded={onReloaded} />
      {problem ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={problem}
          data-testid="thing-model-editor-error"
        />
      ) : null}
      <ModelTables
        model={model}
        testId="thing-model-draft-editor"
        toolbar={(kind) => (
          <Button
            icon={<PlusOutlined />}
            onClick={() => setItem({ kind, values: NEW_ITEM[kind] })}
            data-testid={`thing-model-add-${kind}`}
          >
            {t(`thingModel.add.${kind}`)}
          </Button>
        )}
        actions={(kind, index) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => setItem({ kind, index, values: model[kind][index] as ItemFormValues })}
              data-testid="thing-model-item-edit"
            >
              {t('list.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={() => removeItem(kind, index)}
              data-testid="thing-model-item-delete"
            >
              {t('list.delete')}
            </Button>
          </Space>
        )}
      />
      <ItemModal draft={item} takenIdentifiers={taken} onSave={saveItem} onClose={() => setItem(null)} />
    </Card>
  );
}
