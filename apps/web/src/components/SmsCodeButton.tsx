import { Button } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getCode, type CallRequest } from '@dcc/contract';
import { call } from '../api/client.ts';
import { useCountdown } from './useCountdown.ts';
import { useFeedback } from '../app/feedback.tsx';

/** Spec section 9: the code button waits 120 s before another code can be sent. */
export const SMS_RESEND_SECONDS = 120;

interface Props {
  /** Validates and returns the phone the code goes to, or null when it is not valid. */
  phone(): Promise<string | null>;
  purpose: CallRequest<typeof getCode>['purpose'];
  userType: CallRequest<typeof getCode>['userType'];
}

/** Sends an SMS code, then stays disabled for the resend countdown. */
export function SmsCodeButton({ phone, purpose, userType }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [remaining, startCountdown] = useCountdown();
  const send = useMutation({
    mutationFn: (name: string) => call(getCode, { name, purpose, userType }),
    onSuccess: (answer) => {
      void message.success(t('login.codeSent'));
      startCountdown(answer.resendAfterSeconds > 0 ? answer.resendAfterSeconds : SMS_RESEND_SECONDS);
    },
  });
  const onClick = async () => {
    const name = await phone();
    if (name) send.mutate(name);
  };
  return (
    <Button
      onClick={() => void onClick()}
      disabled={remaining > 0}
      loading={send.isPending}
      data-testid="send-code"
      style={{ minWidth: 120 }}
    >
      {remaining > 0 ? t('login.resendIn', { seconds: remaining }) : t('login.getCode')}
    </Button>
  );
}
