import { Button, Typography, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { ACTIONS_COLUMN_KEY } from '../../components/list/index.ts';
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

interface AddProps {
  label: string;
  onClick(): void;
  testId: string;
}

/** A catalog list's add button for the maker; the read-only note for other companies. */
export function CatalogAddButton({ label, onClick, testId }: AddProps) {
  const maker = useCatalogMaker();
  if (!maker) return <ReadOnlyNote />;
  return <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>{label}</Button>;
}

/** A catalog list's columns as the current company sees them: other companies read the catalog only, without the actions column. */
export function useCatalogColumns<Row>(columns: TableColumnsType<Row>): TableColumnsType<Row> {
  const maker = useCatalogMaker();
  return maker ? columns : columns.filter((column) => column.key !== ACTIONS_COLUMN_KEY);
}
