import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The page of an address inside the console that names no page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return <Result status="404" title="404" subTitle={t('page.notFound')} data-testid="not-found" />;
}
