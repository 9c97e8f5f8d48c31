import { useState } from 'react';
import { Button, Select, Space, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { addProtocolVersion, type ProtocolVersion } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { ConfirmAction, formatTime } from '../../../components/list/index.ts';
import { useDeleteVersion, type VersionDraft } from '../hooks.ts';
import { VersionFormModal } from './VersionFormModal.tsx';
import { useMayCall } from '../../../session/mayCall.ts';

interface Props {
  protocolId: string;
  versions: readonly ProtocolVersion[];
  selected: ProtocolVersion;
  onSelect(versionId: string): void;
}

/** The version select of a protocol with add, rename and delete. */
export function VersionBar({ protocolId, versions, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [draft, setDraft] = useState<VersionDraft | null>(null);
  const remove = useDeleteVersion();
  const canChange = useMayCall(addProtocolVersion);
  const removeSelected = () =>
    remove.mutateAsync(selected.versionId).then(() => {
      void message.success(t('list.deleted'));
      const next = versions.find((version) => version.versionId !== selected.versionId);
      if (next) onSelect(next.versionId);
    });
  return (
    <Space wrap align="center">
      <Typography.Text strong>{t('protocols.version')}</Typography.Text>
      <Select
        style={{ minWidth: 200 }}
        value={selected.versionId}
        onChange={onSelect}
        options={versions.map((version) => ({
          value: version.versionId,
          label: t('protocols.versionOption', { name: version.versionName, count: version.pointCount }),
        }))}
        data-testid="version-select"
      />
      <Typography.Text type="secondary" data-testid="version-info">
        {t('protocols.versionInfo', { creator: selected.creator, time: formatTime(selected.createTime) })}
        {selected.description ? ` · ${selected.description}` : ''}
      </Typography.Text>
      {canChange && (
        <>
          <Button
            icon={<PlusOutlined />}
            onClick={() => setDraft({ versionName: '', description: '', copyFromVersionId: selected.versionId })}
            data-testid="version-add"
          >
            {t('protocols.versionAdd')}
          </Button>
          <Button
            onClick={() =>
              setDraft({
                versionId: selected.versionId,
                versionName: selected.versionName,
                description: selected.description,
              })
            }
            data-testid="version-edit"
          >
            {t('protocols.versionEdit')}
          </Button>
          <ConfirmAction
            title={t('protocols.versionDeleteConfirm', { name: selected.versionName, count: selected.pointCount })}
            onConfirm={removeSelected}
            testId="version-delete"
          >
            {t('protocols.versionDelete')}
          </ConfirmAction>
        </>
      )}
      <VersionFormModal
        protocolId={protocolId}
        versions={versions}
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={(version) => onSelect(version.versionId)}
      />
    </Space>
  );
}
