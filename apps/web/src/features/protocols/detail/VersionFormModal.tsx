import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addProtocolVersion, type ProtocolVersion } from '@dcc/contract';
import { EditModal } from '../../../components/list/index.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useSaveVersion, type VersionDraft } from '../hooks.ts';

// The server's own field rules, so the console shows the same messages.
const rules = addProtocolVersion.request.shape;

interface Props {
  protocolId: string;
  /** The protocol's versions, to copy points from. */
  versions: readonly ProtocolVersion[];
  draft: VersionDraft | null;
  onClose(): void;
  /** Called with the saved version (to select a new one). */
  onSaved(version: ProtocolVersion): void;
}

/** Add a version (optionally starting with a copy of another version's points) or rename one. */
export function VersionFormModal({ protocolId, versions, draft, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const save = useSaveVersion(protocolId);
  const editing = Boolean(draft?.versionId);
  return (
    <EditModal<VersionDraft>
      draft={draft}
      title={editing ? t('protocols.versionEdit') : t('protocols.versionAdd')}
      onSubmit={(values) => save.mutateAsync({ ...values, versionId: draft?.versionId }).then(onSaved)}
      onClose={onClose}
      testId="modal"
    >
      <Form.Item
        name="versionName"
        label={t('protocols.versionName')}
        rules={[zodRule(rules.versionName)]}
        extra={t('protocols.versionNameHint')}
      >
        <Input maxLength={20} data-testid="version-name-input" />
      </Form.Item>
      <Form.Item name="description" label={t('protocols.description')} rules={[zodRule(rules.description)]}>
        <Input.TextArea maxLength={200} rows={2} data-testid="version-description-input" />
      </Form.Item>
      {!editing && (
        <Form.Item name="copyFromVersionId" label={t('protocols.copyFrom')}>
          <Select
            options={[
              { value: '', label: t('protocols.copyNone') },
              ...versions.map((version) => ({
                value: version.versionId,
                label: t('protocols.copyOption', { name: version.versionName, count: version.pointCount }),
              })),
            ]}
            data-testid="version-copy-select"
          />
        </Form.Item>
      )}
    </EditModal>
  );
}
