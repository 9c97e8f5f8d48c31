import { useEffect } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';

/**
 * Keeps dayjs (dates in pickers and tables) in the shown language. Used by the company shell,
 * so that dayjs stays out of the /login bundle.
 */
export function useDayjsLocale(): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    dayjs.locale(i18n.language === 'zh-CN' ? 'zh-cn' : 'en');
  }, [i18n.language]);
}
