import { useState } from 'react';
import { Button, Form, Input, Space, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { Series } from '@dcc/contract';
import { useFeedback } from '../../app/feedback.tsx';
import { ConfirmAction, formatTime, PagedTable } from '../../components/list/index.ts';
import { ReadOnlyNote, useCatalogMaker } from '../products/catalogAccess.tsx';
import { SeriesFormModal } from './SeriesFormModal.tsx';
import { loadSeries, SERIES_LIST, useDeleteSeries, type SeriesDraft, type SeriesFilters } from './hooks.ts';

const EMPTY_FILTERS: SeriesFilters = { seriesName: '' };

/** Product management > Series: names that group products; a series with products cannot be deleted. */
export default function SeriesPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [draft, setDraft] = useState<SeriesDraft | null>(null);
  const remove = useDeleteSeries();
  const maker = useCatalogMaker();
  const columns: TableColumnsType<Series> = [
    { title: t('series.name'), dataIndex: 'seriesName', key: 'seriesName', sorter: true },
    { title: t('series.productCount'), dataIndex: 'productCount', key: 'productCount', sorter: true },
    { title: t('series.creator'), dataIndex: 'creator' },
    { title: t('list.createTime'), dataIndex: 'createTime', key: 'createTime', sorter: true, render: formatTime },
    { title: t('list.updateTime'), dataIndex: 'updateTime', key: 'updateTime', sorter: true, render: formatTime },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDraft({ seriesId: row.seriesId, seriesName: row.seriesName })} data-testid="row-edit">
            {t('list.edit')}
          </Button>
          <ConfirmAction
            title={t('list.deleteConfirm', { name: row.seriesName })}
            onConfirm={() => remove.mutateAsync(row.seriesId).then(() => void message.success(t('list.deleted')))}
            testId="row-delete"
          >
            {t('list.delete')}
          </ConfirmAction>
        </Space>
      ),
    },
  ];
  // Other companies read the catalog only.
  const shownColumns = maker ? columns : columns.filter((column) => column.key !== 'actions');
  return (
    <>
      <PagedTable<Series, SeriesFilters>
        listName={SERIES_LIST}
        initialFilters={EMPTY_FILTERS}
        load={loadSeries}
        columns={shownColumns}
        rowKey="seriesId"
        title={t('menu.seriesManage')}
        toolbar={!maker ? <ReadOnlyNote /> : <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft({ seriesName: '' })} data-testid="series-add">{t('series.add')}</Button>}
        searchFields={
          <Form.Item name="seriesName" label={t('series.name')}>
            <Input allowClear maxLength={50} placeholder={t('series.searchPlaceholder')} data-testid="series-search-name" />
          </Form.Item>
        }
        testId="series-table"
      />
      <SeriesFormModal draft={draft} onClose={() => setDraft(null)} />
    </>
  );
}
