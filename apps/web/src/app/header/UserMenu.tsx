import { useState } from 'react';
import { Button, Popover, Space, Typography } from 'antd';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSignOut } from '../../features/auth/hooks.ts';
import { useSession } from '../../session/session.ts';
import { UploadedAvatar } from '../../components/UploadedImage.tsx';

/** The user's name and avatar; the popover offers account settings and log out, and closes on either choice. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const name = user?.realName || user?.userName || '';
  const avatar = <UploadedAvatar size="small" url={user?.img} icon={<UserOutlined />} />;
  const content = (
    <Space orientation="vertical" style={{ minWidth: 180 }}>
      <Space>
        {avatar}
        <Typography.Text strong>{name}</Typography.Text>
      </Space>
      <Button
        type="text"
        block
        icon={<SettingOutlined />}
        onClick={() => {
          setOpen(false);
          void navigate('/company/personalSetting');
        }}
        data-testid="account-settings"
        style={{ textAlign: 'left' }}
      >
        {t('header.accountSettings')}
      </Button>
      <Button
        type="text"
        danger
        block
        icon={<LogoutOutlined />}
        onClick={() => {
          setOpen(false);
          void signOut();
        }}
        data-testid="logout"
        style={{ textAlign: 'left' }}
      >
        {t('header.logout')}
      </Button>
    </Space>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button type="text" data-testid="user-menu">
        {avatar} {name}
      </Button>
    </Popover>
  );
}
