import { Button, Typography, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { ACTIONS_COLUMN_KEY } from '../../components/list/index.ts';
import type { CallDef } from '@dcc/contract';
import { useMayCall } from '../../session/mayCall.ts';

/** The note shown instead of the add button on a read-only catalog page. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid="catalog-read-only">
      {t('catalog.error.readOnly')}
    </Typography.Text>
  );
}

interface AddProps {
  /** The catalog write the button leads to; other companies read the catalog only (the server refuses them with CATALOG_READ_ONLY). */
  call: CallDef;
  label: string;
  onClick(): void;
  testId: string;
}

/** A catalog list's add button for the maker; the read-only note for other companies. */
export function CatalogAddButton({ call, label, onClick, testId }: AddProps) {
  const maker = useMayCall(call);
  if (!maker) return <ReadOnlyNote />;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}

/** A catalog list's columns as the current company sees them: without the actions column unless it may make `call` (the rows' update). */
export function useCatalogColumns<Row>(columns: TableColumnsType<Row>, call: CallDef): TableColumnsType<Row> {
  const maker = useMayCall(call);
  return maker ? columns : columns.filter((column) => column.key !== ACTIONS_COLUMN_KEY);
}
