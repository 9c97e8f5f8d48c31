import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Enterprise } from '@dcc/contract';
import { useFeedback } from '../../app/feedback.tsx';
import { useAcceptInvitation, useDeclineInvitation, usePendingInvitations } from './hooks.ts';

export interface PendingInvitationsProps {
  /** After accepting: e.g. enter the company. */
  onAccepted?(company: Enterprise): void;
}

const rowStyle = { padding: '12px 0', borderBottom: '1px solid #f0f0f0' };

/** The account's pending invitations to join a company, each accepted or declined here; nothing when there are none. */
export default function PendingInvitations({ onAccepted }: PendingInvitationsProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const invitations = usePendingInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const list = invitations.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card size="small" title={t('invitations.title')} style={{ marginBottom: 16, textAlign: 'left' }} data-testid="pending-invitations">
      {list.map((invitation) => (
        <Flex key={invitation.invitationId} align="center" gap={12} style={rowStyle} data-testid="invitation">
          <div style={{ flex: 1 }}>
            <Typography.Text strong>{invitation.dealersName}</Typography.Text>
            <div>
              {t(invitation.asAdmin ? 'invitations.textAdmin' : 'invitations.text', { inviter: invitation.invitedBy || '-', roles: invitation.roleNames.join(', ') })}
            </div>
          </div>
          <Button
            onClick={() => decline.mutate(invitation.invitationId, { onSuccess: () => void message.success(t('invitations.declined')) })}
            loading={decline.isPending && decline.variables === invitation.invitationId}
            data-testid="invitation-decline"
          >
            {t('invitations.decline')}
          </Button>
          <Button
            type="primary"
            loading={accept.isPending && accept.variables === invitation.invitationId}
            onClick={() => accept.mutate(invitation.invitationId, {
              onSuccess: (company) => {
                void message.success(t('invitations.accepted', { company: company.dealersName }));
                onAccepted?.(company);
              },
            })}
            data-testid="invitation-accept"
          >
            {t('invitations.accept')}
          </Button>
        </Flex>
      ))}
    </Card>
  );
}
