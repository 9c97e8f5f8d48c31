import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PlatformNotice } from '../platform/PlatformNotice.tsx';

/** Spec section 2: the login-family pages keep a minimum width of 1450 px. */
export const LOGIN_MIN_WIDTH = 1450;

const cardStyle = {
  width: 440,
  background: '#fff',
  borderRadius: 8,
  boxShadow: '0 8px 24px rgba(0,0,0,0.15)',
  padding: '24px 32px',
};

/** The frame of the login-family pages: platform notice, language switch, product name and a card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div
      style={{
        minWidth: LOGIN_MIN_WIDTH,
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #0b3d91 0%, #1677ff 60%, #69b1ff 100%)',
      }}
    >
      <PlatformNotice />
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '16px 32px' }}>
        <LanguageSwitch />
      </div>
      <div
        style={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-around',
          padding: '0 80px 80px',
        }}
      >
        <div style={{ color: '#fff', maxWidth: 560 }}>
          <h1 style={{ fontSize: 38, margin: '0 0 16px' }}>{t('common.appName')}</h1>
          <p style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16 }}>{t('login.tagline')}</p>
        </div>
        <section style={cardStyle} aria-label={title}>
          <h2 style={{ fontSize: 20, margin: '0 0 16px' }}>{title}</h2>
          {children}
        </section>
      </div>
    </div>
  );
}
