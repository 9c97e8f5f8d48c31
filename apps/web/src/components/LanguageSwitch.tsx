import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@dcc/contract';
import { changeLanguage, currentLocale } from '../i18n/index.ts';

// Each language is named in itself, so it can be found whatever language is shown.
const OPTIONS: { value: Locale; label: string }[] = [
  { value: 'zh-CN', label: '中文' },
  { value: 'en-US', label: 'English' },
];

/** Switches between Chinese and English; shown on every page. */
export function LanguageSwitch() {
  useTranslation();
  return (
    <Segmented<Locale>
      size="small"
      value={currentLocale()}
      options={OPTIONS}
      onChange={changeLanguage}
      data-testid="language-switch"
    />
  );
}
