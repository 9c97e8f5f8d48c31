import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { menuTrail } from '../menuTrail.ts';

/** The breadcrumb: Home, then the menu entries down to the current page. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const trail = menuTrail(pathname).filter((entry) => entry.path !== '/company');
  const items = [
    { key: '/company', title: <Link to="/company">{t('menu.home')}</Link> },
    ...trail.map((entry, index) => ({
      key: entry.path,
      title: index === trail.length - 1 || entry.children ? t(entry.labelKey) : <Link to={entry.path}>{t(entry.labelKey)}</Link>,
    })),
  ];
  if (pathname.startsWith('/company/personalSetting')) items.push({ key: 'personalSetting', title: t('settings.title') });
  return <Breadcrumb items={items} style={{ marginBottom: 16 }} data-testid="breadcrumb" />;
}
