import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleName } from '../../i18n/useRoleName.ts';
import { shownValue } from '../../components/emptyValue.ts';
import type { Enterprise } from '@dcc/contract';
import { useFeedback } from '../../app/feedback.tsx';
import { loadPageAreas } from '../../i18n/pageAreas.ts';
import { useAcceptInvitation, useDeclineInvitation, usePendingInvitations } from './hooks.ts';

export interface PendingInvitationsProps {
  /** After accepting: e.g. enter the company. */
  onAccepted?(company: Enterprise): void;
}

/** Loads the texts before the first render; hosts import this module lazily (it stays out of the /login bundle). */
export const loadInvitationTexts = (): Promise<void> => loadPageAreas(['invitations']);

// Plain markup besides Button: the sign-in screens host this, and each further antd component reshuffles their chunks.
const boxStyle = {
  border: '1px solid #f0f0f0',
  borderRadius: 8,
  padding: '8px 16px',
  marginBottom: 16,
  textAlign: 'left' as const,
};
const rowStyle = { display: 'flex', alignItems: 'center', gap: 12, padding: '12px 0', borderTop: '1px solid #f0f0f0' };

/** The account's pending invitations to join a company, each accepted or declined here; nothing when there are none. */
export default function PendingInvitations({ onAccepted }: PendingInvitationsProps) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { message } = useFeedback();
  const invitations = usePendingInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const list = invitations.data ?? [];
  if (list.length === 0) return null;
  return (
    <section style={boxStyle} data-testid="pending-invitations">
      <h4 style={{ margin: '4px 0 8px' }}>{t('invitations.title')}</h4>
      {list.map((invitation) => (
        <div key={invitation.invitationId} style={rowStyle} data-testid="invitation">
          <div style={{ flex: 1 }}>
            <strong>{invitation.dealersName}</strong>
            <div>
              {t(invitation.asAdmin ? 'invitations.textAdmin' : 'invitations.text', {
                inviter: shownValue(invitation.invitedBy),
                roles: invitation.roles.map(roleName).join(', '),
              })}
            </div>
          </div>
          <Button
            onClick={() =>
              decline.mutate(invitation.invitationId, {
                onSuccess: () => void message.success(t('invitations.declined')),
              })
            }
            loading={decline.isPending && decline.variables === invitation.invitationId}
            data-testid="invitation-decline"
          >
            {t('invitations.decline')}
          </Button>
          <Button
            type="primary"
            loading={accept.isPending && accept.variables === invitation.invitationId}
            onClick={() =>
              accept.mutate(invitation.invitationId, {
                onSuccess: (company) => {
                  void message.success(t('invitations.accepted', { company: company.dealersName }));
                  onAccepted?.(company);
                },
              })
            }
            data-testid="invitation-accept"
          >
            {t('invitations.accept')}
          </Button>
        </div>
      ))}
    </section>
  );
}
