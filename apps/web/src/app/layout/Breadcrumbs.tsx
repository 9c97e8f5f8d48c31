import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { menuTrail, subPageTrail } from '../menuTrail.ts';

/** The breadcrumb: Home, the menu entries down to the list, then the pages below it (list › add, detail, edit). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const trail = [
    ...menuTrail(pathname)
      .filter((entry) => entry.path !== '/company')
      .map((entry) => ({ path: entry.path, label: t(entry.labelKey), group: Boolean(entry.children) })),
    ...subPageTrail(pathname).map((page) => ({ path: page.path, label: t(`breadcrumb.${page.name}`), group: false })),
  ];
  const items = [
    { key: '/company', title: <Link to="/company">{t('menu.home')}</Link> },
    ...trail.map((crumb, index) => ({
      key: crumb.path,
      title: index === trail.length - 1 || crumb.group ? crumb.label : <Link to={crumb.path}>{crumb.label}</Link>,
    })),
  ];
  if (pathname.startsWith('/company/personalSetting'))
    items.push({ key: 'personalSetting', title: t('settings.title') });
  return <Breadcrumb items={items} style={{ marginBottom: 16 }} data-testid="breadcrumb" />;
}
