import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { menuTrail } from '../../../app/menuTrail.ts';

/** The honest page of a menu area that is not built yet (routes give it menu paths only). */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entry = menuTrail(pathname).at(-1);
  return (
    <Result
      status="info"
      title={entry && t(entry.labelKey)}
      subTitle={t('page.notAvailable')}
      data-testid="not-available"
    />
  );
}
