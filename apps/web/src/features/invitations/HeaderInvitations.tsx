import { useState } from 'react';
import { Badge, Button, Modal } from 'antd';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { useTranslation } from 'react-i18next';
import PendingInvitations, { loadInvitationTexts } from './PendingInvitations.tsx';
import { usePendingInvitations } from './hooks.ts';

export { loadInvitationTexts };

/** The header's invitations button: shown only while invitations wait; opens them in a dialog. */
export default function HeaderInvitations() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = usePendingInvitations().data?.length ?? 0;
  if (count === 0 && !open) return null;
  return (
    <>
      <Badge count={count} size="small">
        <Button type="text" icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="header-invitations">
          {t('invitations.header')}
        </Button>
      </Badge>
      <Modal
        open={open}
        title={t('invitations.title')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        width={640}
      >
        <PendingInvitations />
      </Modal>
    </>
  );
}
