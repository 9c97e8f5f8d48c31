import { lazy, Suspense, useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Identity, PlatformStatusLevel, type IdentityValue } from '@dcc/contract';
import { TabStrip, type TabItem } from '../../../components/TabStrip.tsx';
import { AuthLayout } from '../AuthLayout.tsx';
import { usePlatformStatus } from '../../platform/hooks.ts';
import { AccountLoginForm } from './components/AccountLoginForm.tsx';
import { CodeLoginForm } from './components/CodeLoginForm.tsx';
import { IdentitySwitch } from './components/IdentitySwitch.tsx';
import { useLoginFlow } from './hooks.ts';
import { useFeedback } from '../../../app/feedback.tsx';

type Tab = 'account' | 'code';

// The choosers appear only after the credentials are accepted: loaded then, not with /login.
const AccountChooserModal = lazy(() =>
  import('./components/AccountChooserModal.tsx').then((module) => ({ default: module.AccountChooserModal })),
);
const CompanyChooserModal = lazy(() =>
  import('./components/CompanyChooserModal.tsx').then((module) => ({ default: module.CompanyChooserModal })),
);

/** The login page of spec section 2. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [identity, setIdentity] = useState<IdentityValue>(Identity.DEALER);
  const [tab, setTab] = useState<Tab>('account');
  const flow = useLoginFlow();
  const { data: platform } = usePlatformStatus();
  const canLogin = platform?.status !== PlatformStatusLevel.ERROR;

  const switchIdentity = (next: IdentityValue) => {
    setIdentity(next);
    if (next === Identity.USER) setTab('account');
    void message.info(t('login.identitySwitched', { identity: t(`login.identity.${next}`) }));
  };

  const tabs: TabItem<Tab>[] = [
    {
      key: 'account' as const,
      label: t('login.tab.account'),
      children: (
        <AccountLoginForm
          key={identity}
          identity={identity}
          canLogin={canLogin}
          pending={flow.passwordLogin.isPending || flow.enterCompany.isPending}
          onSubmit={(values) => flow.passwordLogin.mutate({ identity, ...values })}
        />
      ),
    },
    ...(identity === Identity.DEALER
      ? [
          {
            key: 'code' as const,
            label: t('login.tab.code'),
            children: (
              <CodeLoginForm
                canLogin={canLogin}
                pending={flow.codeLogin.isPending}
                onSubmit={(values) => flow.codeLogin.mutate(values)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <AuthLayout title={t('login.title')}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <IdentitySwitch value={identity} onChange={switchIdentity} />
        <TabStrip<Tab> activeKey={tab} onChange={setTab} items={tabs} />
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Link to={`/forgetPwd?userType=${identity}`} data-testid="forget-link">
            {t('login.forgot')}
          </Link>
          <Link to="/register">{t('login.register')}</Link>
        </div>
      </Space>
      <Suspense fallback={null}>
        {flow.accountChoice && (
          <AccountChooserModal
            choice={flow.accountChoice}
            pendingId={flow.chooseAccount.isPending ? (flow.chooseAccount.variables ?? null) : null}
            onChoose={(userId) => flow.chooseAccount.mutate(userId)}
            onCancel={flow.cancelAccountChoice}
          />
        )}
        {flow.companies && (
          <CompanyChooserModal
            companies={flow.companies}
            pendingId={flow.enterCompany.isPending ? (flow.enterCompany.variables?.dealersId ?? null) : null}
            onChoose={(company) => flow.enterCompany.mutate(company)}
            onCancel={flow.cancelCompanyChoice}
          />
        )}
      </Suspense>
    </AuthLayout>
  );
}
