import { Button, Card, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { PasswordForm } from './components/PasswordForm.tsx';
import { ProfileForm } from './components/ProfileForm.tsx';

/** Account settings: profile (name, avatar, email) and password; inside the shell or on its own. */
export default function PersonalSettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inShell = useLocation().pathname.startsWith('/company');
  const tabs = [
    { key: 'profile', label: t('settings.profile'), children: <ProfileForm /> },
    { key: 'password', label: t('settings.password'), children: <PasswordForm /> },
  ];
  const card = (
    <Card title={t('settings.title')}>
      <Tabs items={tabs} />
    </Card>
  );
  if (inShell) return card;
  return (
    <div style={{ maxWidth: 720, margin: '40px auto' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Button onClick={() => void navigate('/company')}>{t('settings.toConsole')}</Button>
        <LanguageSwitch />
      </Space>
      {card}
    </div>
  );
}
