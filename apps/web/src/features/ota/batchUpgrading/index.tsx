import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ota4gListBatchTasks, type OtaBatchTask } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { PagedTable, type ListQuery } from '../../../components/list/index.ts';
import { ProductFilter } from '../ProductFilter.tsx';
import { batchColumns } from './batchColumns.tsx';
import { CreateBatchModal } from './CreateBatchModal.tsx';
import { BATCH_LIST, useSetBatchEnabled } from './useBatchTasks.ts';

type Filters = { productId: string };
const INITIAL: Filters = { productId: '' };

const load = ({ pageIndex, pageSize, productId }: ListQuery<Filters>) =>
  call(ota4gListBatchTasks, { pageIndex, pageSize, productId });

/** OTA 4G > batchUpgrading (B226): batch tasks that upgrade matching devices as they come online; create, enable, disable. */
export default function BatchUpgradingPage() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const setEnabled = useSetBatchEnabled();
  const apply = async (row: OtaBatchTask, enabled: boolean) => {
    setBusy(row.batchId);
    try {
      await setEnabled.mutateAsync({ batchId: row.batchId, enabled });
      void message.success(t('otaCatalog.switched'));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  };
  const toggle = (row: OtaBatchTask, enabled: boolean) => {
    if (enabled) void apply(row, true);
    else
      modal.confirm({
        title: t('otaCatalog.disableConfirm'),
        okText: t('otaCatalog.disable'),
        okButtonProps: { danger: true, 'data-testid': 'batch-disable-confirm' },
        onOk: () => apply(row, false),
      });
  };
  return (
    <>
      <PagedTable<OtaBatchTask, Filters>
        listName={BATCH_LIST}
        initialFilters={INITIAL}
        load={load}
        columns={batchColumns(t, toggle, busy)}
        rowKey="batchId"
        title={`${t('otaCatalog.area.fourG')} · ${t('otaCatalog.batchTitle')}`}
        size="middle"
        toolbar={
          <Button type="primary" onClick={() => setCreating(true)} data-testid="batch-create-open">
            {t('otaCatalog.batchCreate')}
          </Button>
        }
        searchFields={<ProductFilter testId="batch-product-filter" />}
        testId="batch-table"
      />
      <CreateBatchModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
