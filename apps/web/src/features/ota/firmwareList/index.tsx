import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { OTA_CALLS, type Firmware } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { ConfirmAction, PagedTable, useListMutation, type ListQuery } from '../../../components/list/index.ts';
import { otaListName, useOtaArea } from '../area.ts';
import { ProductFilter } from '../ProductFilter.tsx';
import { firmwareColumns } from './firmwareColumns.tsx';
import { UploadFirmwareModal } from './UploadFirmwareModal.tsx';

type Filters = { name: string; productId: string };
const INITIAL: Filters = { name: '', productId: '' };

/** OTA > firmwareList (B200 / B185): the area's firmware with upload (.plcx only) and confirmed delete. */
export default function FirmwareListPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const generation = useOtaArea();
  const calls = OTA_CALLS[generation];
  const listName = otaListName(generation, 'firmware');
  const [uploading, setUploading] = useState(false);
  const remove = useListMutation(listName, (firmwareId: string) => call(calls.deleteFirmware, { firmwareId }));
  const load = ({ pageIndex, pageSize, name, productId }: ListQuery<Filters>) =>
    call(calls.listFirmware, { pageIndex, pageSize, name, productId });
  const columns = firmwareColumns(t, (row) => (
    <ConfirmAction
      title={t('otaCatalog.deleteConfirm', { name: row.name })}
      onConfirm={async () => {
        await remove.mutateAsync(row.firmwareId);
        void message.success(t('otaCatalog.deleted'));
      }}
      testId="firmware-delete"
    >
      {t('otaCatalog.delete')}
    </ConfirmAction>
  ));
  return (
    <>
      <PagedTable<Firmware, Filters>
        listName={listName}
        initialFilters={INITIAL}
        load={load}
        columns={columns}
        rowKey="firmwareId"
        title={`${t(`otaCatalog.area.${generation}`)} · ${t('otaCatalog.firmwareTitle')}`}
        size="middle"
        toolbar={
          <Button type="primary" onClick={() => setUploading(true)} data-testid="firmware-upload-open">
            {t('otaCatalog.upload')}
          </Button>
        }
        searchFields={
          <>
            <Form.Item name="name" label={t('otaCatalog.name')}>
              <Input allowClear maxLength={50} data-testid="firmware-name-filter" />
            </Form.Item>
            <ProductFilter testId="firmware-product-filter" />
          </>
        }
        testId="firmware-table"
      />
      <UploadFirmwareModal
        generation={generation}
        listName={listName}
        open={uploading}
        onClose={() => setUploading(false)}
      />
    </>
  );
}
