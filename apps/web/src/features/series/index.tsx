import { useState } from 'react';
import { Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { addSeries, updateSeries, type Series } from '@dcc/contract';
import { actionsColumn, formatTime, PagedTable, RowActions } from '../../components/list/index.ts';
import { CatalogAddButton, useCatalogColumns } from '../catalog/catalogAccess.tsx';
import { SeriesFormModal } from './SeriesFormModal.tsx';
import { loadSeries, SERIES_LIST, useDeleteSeries, type SeriesDraft, type SeriesFilters } from './hooks.ts';

const EMPTY_FILTERS: SeriesFilters = { seriesName: '' };

/** Product management > Series: names that group products; a series with products cannot be deleted. */
export default function SeriesPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<SeriesDraft | null>(null);
  const remove = useDeleteSeries();
  const columns: TableColumnsType<Series> = [
    { title: t('series.name'), dataIndex: 'seriesName', key: 'seriesName', sorter: true },
    { title: t('series.enName'), dataIndex: 'seriesEnName' },
    { title: t('series.productCount'), dataIndex: 'productCount', key: 'productCount', sorter: true },
    { title: t('series.creator'), dataIndex: 'creator' },
    { title: t('list.createTime'), dataIndex: 'createTime', key: 'createTime', sorter: true, render: formatTime },
    { title: t('list.updateTime'), dataIndex: 'updateTime', key: 'updateTime', sorter: true, render: formatTime },
    actionsColumn<Series>(t, (row) => (
      <RowActions
        onEdit={() => setDraft({ seriesId: row.seriesId, seriesName: row.seriesName, seriesEnName: row.seriesEnName })}
        deleteName={row.seriesName}
        onDelete={() => remove.mutateAsync(row.seriesId)}
      />
    )),
  ];
  const shownColumns = useCatalogColumns(columns, updateSeries);
  return (
    <>
      <PagedTable<Series, SeriesFilters>
        listName={SERIES_LIST}
        initialFilters={EMPTY_FILTERS}
        load={loadSeries}
        columns={shownColumns}
        rowKey="seriesId"
        title={t('menu.seriesManage')}
        toolbar={
          <CatalogAddButton
            call={addSeries}
            label={t('series.add')}
            onClick={() => setDraft({ seriesName: '', seriesEnName: '' })}
            testId="series-add"
          />
        }
        searchFields={
          <Form.Item name="seriesName" label={t('series.name')}>
            <Input
              allowClear
              maxLength={50}
              placeholder={t('series.searchPlaceholder')}
              data-testid="series-search-name"
            />
          </Form.Item>
        }
        testId="series-table"
      />
      <SeriesFormModal draft={draft} onClose={() => setDraft(null)} />
    </>
  );
}
