import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session.ts';

/** Whether the current company may change the catalog: only the level-0 company (the maker); others read it (the server refuses them with CATALOG_READ_ONLY). */
export function useCatalogMaker(): boolean {
  return useSession().level === 0;
}

/** The note shown instead of the add button on a read-only catalog page. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return <Typography.Text type="secondary" data-testid="catalog-read-only">{t('catalog.error.readOnly')}</Typography.Text>;
}
