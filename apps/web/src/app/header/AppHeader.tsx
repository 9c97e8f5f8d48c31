import { lazy, Suspense } from 'react';
import { Button, Layout, Space, Typography } from 'antd';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { NoticeBell } from '../../features/notices/drawer/NoticeBell.tsx';
import { PlatformNotice } from '../../features/platform/PlatformNotice.tsx';
import { CompanySwitcher } from './CompanySwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';

// Pending invitations of the account, with their texts, loaded apart from the shell.
const HeaderInvitations = lazy(() =>
  import('../../features/invitations/HeaderInvitations.tsx').then(
    async (module) => (await module.loadInvitationTexts(), module),
  ),
);

/** Spec section 2: the header's platform notice bar is 400 px wide. */
export const NOTICE_BAR_WIDTH = 400;

interface Props {
  collapsed: boolean;
  onToggle(): void;
}

/** The shell header: menu toggle, company switcher, platform notice, language, notices and user. */
export function AppHeader({ collapsed, onToggle }: Props) {
  const { t } = useTranslation();
  return (
    <Layout.Header
      style={{
        background: '#fff',
        padding: '0 16px',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
      }}
    >
      {/* The left part gives way (the company name shortens); the title and the right part keep their size. */}
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flex: '1 1 auto', minWidth: 0 }}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={t('header.toggleMenu')}
          data-testid="menu-toggle"
        />
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }} data-testid="app-title">
          {t('common.appName')}
        </Typography.Text>
        <CompanySwitcher />
      </div>
      <Space size="middle" style={{ flex: 'none' }}>
        <PlatformNotice style={{ width: NOTICE_BAR_WIDTH }} />
        <LanguageSwitch />
        <Suspense fallback={null}>
          <HeaderInvitations />
        </Suspense>
        <NoticeBell />
        <UserMenu />
      </Space>
    </Layout.Header>
  );
}
