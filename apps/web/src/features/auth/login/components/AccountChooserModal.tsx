import { Button, Flex, Modal } from 'antd';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import type { AccountChoiceState } from '../hooks.ts';

interface Props {
  choice: AccountChoiceState | null;
  pendingId: string | null;
  onChoose(userId: string): void;
  onCancel(): void;
}

/** Several accounts share the phone: the user picks the one to sign in with. */
export function AccountChooserModal({ choice, pendingId, onChoose, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={choice !== null} title={t('login.chooseAccount')} footer={null} onCancel={onCancel} destroyOnHidden>
      <div role="list" data-testid="account-chooser">
        {(choice?.userList ?? []).map((account) => (
          <Flex
            key={account.userId}
            role="listitem"
            align="center"
            gap={12}
            style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}
            data-testid="account-option"
          >
            <UserOutlined />
            <div style={{ flex: 1 }}>
              <div style={{ fontWeight: 500 }}>{`${account.realName} (${account.userName})`}</div>
              <div style={{ color: 'rgba(0,0,0,0.45)' }}>
                {account.companies.length > 0 ? account.companies.join(', ') : t('login.noCompanies')}
              </div>
            </div>
            <Button type="primary" loading={pendingId === account.userId} onClick={() => onChoose(account.userId)}>
              {t('company.choose')}
            </Button>
          </Flex>
        ))}
      </div>
    </Modal>
  );
}
