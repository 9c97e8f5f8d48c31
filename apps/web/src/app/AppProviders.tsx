import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FeedbackProvider } from './feedback.tsx';
import { queryClient } from './queryClient.ts';
import { usePrefersReducedMotion } from './reducedMotion.ts';
import { themeFor } from './theme.ts';

/** Described values wrap, even inside a long word, rather than widen their card. */
const DESCRIPTIONS = { styles: { content: { overflowWrap: 'anywhere' as const } } };

/** Query cache, antd theme and locale (following the i18n language) and toasts for the whole console. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => themeFor(reducedMotion), [reducedMotion]);
  useEffect(() => {
    document.title = t('common.appName');
    document.documentElement.lang = i18n.language;
  }, [t, i18n.language]);
  // The server words parts of many answers in the reader's language (catalog, place and enum names, reasons): a switch
  // re-reads every answer on screen (the others when next shown), cancelling reads still on their way in the language
  // left. The one place of this rule; an effect of the outermost provider, so it runs once the pages have moved to
  // their new-language queries (answers keyed by the language are not asked again under the old key).
  const shownLanguage = useRef(i18n.language);
  useEffect(() => {
    if (shownLanguage.current === i18n.language) return;
    shownLanguage.current = i18n.language;
    void queryClient.invalidateQueries();
  }, [i18n.language]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={i18n.language === 'zh-CN' ? zhCN : enUS} theme={theme} descriptions={DESCRIPTIONS}>
        <FeedbackProvider>{children}</FeedbackProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
