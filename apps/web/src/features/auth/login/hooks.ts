import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  customerLogin,
  ErrorCode,
  Identity,
  login,
  selectUserForLogin,
  type Enterprise,
  type IdentityValue,
  type LoginAnswer,
  type SessionUser,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { passwordDigest } from '../../../api/passwordDigest.ts';
import { hasErrorCode } from '../../../api/errors.ts';
import { sessionRestarted } from '../../../api/sessionEnd.ts';
import { startSession } from '../../../session/session.ts';
import { useEnterCompany, useFetchCompanies } from '../../company/hooks.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { preloadCompanyHome } from '../../../app/companyHome.ts';

export interface PasswordLoginInput {
  identity: IdentityValue;
  account: string;
  password: string;
}

export interface AccountChoiceState {
  accessKey: string;
  userList: LoginAnswer['userList'];
}

const IDENTITY_CODES = [ErrorCode.CUSTOMER_IDENTITY, ErrorCode.MERCHANT_IDENTITY];

/**
 * The sign-in call, already sent, and then the download of the company shell and home for after it: sent
 * first, the call takes one of the browser's six connections to the server before the ~60 code requests
 * queue for them (sent after them, it waited for their downloads).
 */
function signInFirst<T>(sent: Promise<T>): Promise<T> {
  preloadCompanyHome();
  return sent;
}

/** The sign-in flow of spec section 2: credentials, account choice, forced change, company choice. */
export function useLoginFlow() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const fetchCompanies = useFetchCompanies();
  const enterCompany = useEnterCompany();
  const [accountChoice, setAccountChoice] = useState<AccountChoiceState | null>(null);
  const [companies, setCompanies] = useState<Enterprise[] | null>(null);

  async function openSession(
    answer: { user: SessionUser | null; needUpdatePwd: boolean; timeZone: string },
    token: string,
  ) {
    const { user, needUpdatePwd } = answer;
    startSession(token, user, answer.timeZone);
    sessionRestarted();
    if (needUpdatePwd) {
      modal.warning({
        title: t('login.passwordExpiredTitle'),
        content: t('login.passwordExpired'),
        onOk: () => void navigate('/forceUpdatePwd'),
      });
      return;
    }
    const list = await fetchCompanies();
    const [only] = list;
    if (list.length === 0) void navigate('/noCompany');
    else if (list.length === 1 && only) enterCompany.mutate(only);
    else setCompanies(list);
  }

  async function handleAnswer(answer: LoginAnswer) {
    if (answer.locked) {
      void message.error(t('error.accountLocked'));
      return;
    }
    if (answer.needSelectUser && answer.accessKey) {
      setAccountChoice({ accessKey: answer.accessKey, userList: answer.userList });
      return;
    }
    if (!answer.xtoken) {
      void message.error(t('error.operationFailed'));
      return;
    }
    setAccountChoice(null);
    await openSession(answer, answer.xtoken);
  }

  const onIdentityError = (error: unknown) => {
    if (hasErrorCode(error, ErrorCode.CUSTOMER_IDENTITY)) void message.warning(t('login.switchToUser'));
    if (hasErrorCode(error, ErrorCode.MERCHANT_IDENTITY)) void message.warning(t('login.switchToMerchant'));
  };

  const passwordLogin = useMutation({
    mutationFn: async ({ identity, account, password }: PasswordLoginInput) => {
      const digest = await passwordDigest(password);
      if (identity === Identity.DEALER) {
        await handleAnswer(
          await signInFirst(
            call(login, { name: account, password: digest, loginSource: 'web' }, { quietCodes: IDENTITY_CODES }),
          ),
        );
        return;
      }
      const answer = await signInFirst(
        call(
          customerLogin,
          { userName: account, password: digest, loginSource: 'web', type: 'user' },
          { quietCodes: IDENTITY_CODES },
        ),
      );
      await openSession(answer, answer['x-token']);
    },
    onError: onIdentityError,
  });

  const codeLogin = useMutation({
    mutationFn: async ({ phone, code }: { phone: string; code: string }) => {
      await handleAnswer(
        await signInFirst(call(login, { name: phone, code, loginSource: 'web' }, { quietCodes: IDENTITY_CODES })),
      );
    },
    onError: onIdentityError,
  });

  const chooseAccount = useMutation({
    mutationFn: async (userId: string) => {
      if (!accountChoice) return;
      await handleAnswer(await call(selectUserForLogin, { userId, accessKey: accountChoice.accessKey }));
    },
  });

  return {
    passwordLogin,
    codeLogin,
    accountChoice,
    chooseAccount,
    cancelAccountChoice: () => setAccountChoice(null),
    companies,
    enterCompany,
    cancelCompanyChoice: () => setCompanies(null),
  };
}
