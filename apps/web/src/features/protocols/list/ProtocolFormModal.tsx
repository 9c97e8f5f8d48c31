import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { addProtocol } from '@dcc/contract';
import { EditModal } from '../../../components/list/index.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useSaveProtocol, type ProtocolDraft } from '../hooks.ts';

// The server's own field rules, so the console shows the same messages.
const rules = addProtocol.request.shape;

interface Props {
  draft: ProtocolDraft | null;
  onClose(): void;
}

/** protocalAdd and protocalEdit: name, code, description, and the first version's name when adding. */
export function ProtocolFormModal({ draft, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveProtocol();
  const editing = Boolean(draft?.protocolId);
  return (
    <EditModal<ProtocolDraft>
      draft={draft}
      title={editing ? t('protocols.edit') : t('protocols.add')}
      onSubmit={(values) => save.mutateAsync({ ...values, protocolId: draft?.protocolId, version: draft?.version })}
      onClose={onClose}
      testId="modal"
    >
      <Form.Item name="protocolName" label={t('protocols.name')} rules={[zodRule(rules.protocolName)]}>
        <Input maxLength={50} data-testid="protocol-name-input" />
      </Form.Item>
      <Form.Item name="protocolEnName" label={t('protocols.enName')} rules={[zodRule(rules.protocolEnName)]}>
        <Input maxLength={60} data-testid="protocol-en-name-input" />
      </Form.Item>
      <Form.Item
        name="protocolCode"
        label={t('protocols.code')}
        rules={[zodRule(rules.protocolCode)]}
        extra={t('protocols.codeHint')}
      >
        <Input maxLength={32} data-testid="protocol-code-input" />
      </Form.Item>
      <Form.Item name="description" label={t('protocols.description')} rules={[zodRule(rules.description)]}>
        <Input.TextArea maxLength={200} rows={3} data-testid="protocol-description-input" />
      </Form.Item>
      {!editing && (
        <Form.Item
          name="versionName"
          label={t('protocols.firstVersion')}
          rules={[zodRule(rules.versionName)]}
          extra={t('protocols.versionNameHint')}
        >
          <Input maxLength={20} data-testid="protocol-version-input" />
        </Form.Item>
      )}
    </EditModal>
  );
}
