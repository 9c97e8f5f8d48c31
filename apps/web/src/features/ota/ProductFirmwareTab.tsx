import { Card, Result, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ota4gListBatchTasks, ota4gListFirmware } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { DataTable } from '../../components/list/index.ts';
import { loadPageAreas } from '../../i18n/pageAreas.ts';
import { useMayCall } from '../../session/mayCall.ts';
import { OTA_4G_PATH } from './area.ts';
import { batchColumns } from './batchUpgrading/batchColumns.tsx';
import { firmwareColumns } from './firmwareList/firmwareColumns.tsx';

/** Most rows each table of the tab shows (the OTA 4G pages page through all). */
const TAB_ROWS = 50;

/** Product detail > "4G remote firmware upgrade": the product's 4G firmware and batch upgrade tasks, each shown when the company holds its button. */
export function ProductFirmwareTab({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const mayFirmware = useMayCall(ota4gListFirmware);
  const mayBatches = useMayCall(ota4gListBatchTasks);
  const texts = useQuery({
    queryKey: ['pageAreas', 'otaCatalog'],
    queryFn: () => loadPageAreas(['otaCatalog']).then(() => true),
  });
  const firmware = useQuery({
    queryKey: ['ota', 'product', productId, 'firmware'],
    queryFn: () => call(ota4gListFirmware, { pageIndex: 1, pageSize: TAB_ROWS, productId }),
    enabled: mayFirmware,
  });
  const batches = useQuery({
    queryKey: ['ota', 'product', productId, 'batches'],
    queryFn: () => call(ota4gListBatchTasks, { pageIndex: 1, pageSize: TAB_ROWS, productId }),
    enabled: mayBatches,
  });
  if (!texts.data) return null;
  if (!mayFirmware && !mayBatches) return <Result status="info" subTitle={t('page.notAvailable')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="product-ota-tab">
      {mayFirmware && (
        <Card
          title={t('otaCatalog.productTabTitle')}
          extra={<Link to={`${OTA_4G_PATH}/firmwareList`}>{t('otaCatalog.productTabManage')}</Link>}
        >
          <DataTable
            pending={firmware.isPending}
            dataSource={firmware.data?.list}
            columns={firmwareColumns(t, null)}
            rowKey="firmwareId"
            pagination={false}
            size="middle"
            data-testid="product-ota-firmware"
          />
        </Card>
      )}
      {mayBatches && (
        <Card title={t('otaCatalog.productTabBatches')}>
          <DataTable
            pending={batches.isPending}
            dataSource={batches.data?.list}
            columns={batchColumns(t, null, null)}
            rowKey="batchId"
            pagination={false}
            size="middle"
            data-testid="product-ota-batches"
          />
        </Card>
      )}
    </Space>
  );
}
