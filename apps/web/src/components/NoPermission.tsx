import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The 403 page for a route whose permission button the user does not hold. */
export default function NoPermission() {
  const { t } = useTranslation();
  return <Result status="403" title="403" subTitle={t('page.noPermission')} data-testid="no-permission" />;
}
