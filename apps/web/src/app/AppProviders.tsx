import { useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FeedbackProvider } from './feedback.tsx';
import { queryClient } from './queryClient.ts';
import { THEME } from './theme.ts';

/** Query cache, antd theme and locale (following the i18n language) and toasts for the whole console. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = t('common.appName');
    document.documentElement.lang = i18n.language;
  }, [t, i18n.language]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={i18n.language === 'zh-CN' ? zhCN : enUS} theme={THEME}>
        <FeedbackProvider>{children}</FeedbackProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
