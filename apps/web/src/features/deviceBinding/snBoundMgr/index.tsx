import { useState } from 'react';
import { Button, Form, Input, type TableColumnsType } from 'antd';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import { useTranslation } from 'react-i18next';
import type { SnBinding } from '@dcc/contract';
import { actionsColumn, ConfirmAction, FilterSelect, formatTime, PagedTable } from '../../../components/list/index.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { BindSnModal } from './BindSnModal.tsx';
import { loadSnBindings, SN_BINDING_LIST, useUnbindSn, type SnBindDraft, type SnBindingFilters } from './hooks.ts';

const EMPTY_FILTERS: SnBindingFilters = { keyword: '', bound: '' };

/** Device management > Barcode binding (B261): whole-machine barcodes bound to IoT codes, in the console or by factory PDAs. */
export default function SnBoundMgrPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [draft, setDraft] = useState<SnBindDraft | null>(null);
  const unbind = useUnbindSn();
  const columns: TableColumnsType<SnBinding> = [
    { title: t('deviceBinding.deviceCode'), dataIndex: 'deviceCode' },
    { title: t('deviceBinding.deviceName'), dataIndex: 'deviceName' },
    { title: t('deviceBinding.product'), dataIndex: 'productName' },
    { title: t('deviceBinding.dealer'), dataIndex: 'ownerDealerName' },
    { title: t('deviceBinding.sn'), dataIndex: 'sn' },
    { title: t('deviceBinding.sn.boundBy'), dataIndex: 'boundByName' },
    {
      title: t('deviceBinding.sn.source'),
      dataIndex: 'boundSource',
      render: (source: SnBinding['boundSource']) => source && t(`deviceBinding.sn.source.${source}`),
    },
    { title: t('deviceBinding.sn.boundTime'), dataIndex: 'boundTime', render: formatTime },
    actionsColumn<SnBinding>(t, (row) =>
      row.sn === '' ? (
        <Button
          type="link"
          size="small"
          onClick={() => setDraft({ deviceCode: row.deviceCode, sn: '' })}
          data-testid="row-bind"
        >
          {t('deviceBinding.sn.bindShort')}
        </Button>
      ) : (
        <ConfirmAction
          title={t('deviceBinding.sn.unbindConfirm', { sn: row.sn, deviceCode: row.deviceCode })}
          onConfirm={() =>
            unbind.mutateAsync(row.deviceId).then(() => void message.success(t('deviceBinding.sn.unbound')))
          }
          testId="row-unbind"
        >
          {t('deviceBinding.sn.unbind')}
        </ConfirmAction>
      ),
    ),
  ];
  return (
    <>
      <PagedTable<SnBinding, SnBindingFilters>
        listName={SN_BINDING_LIST}
        initialFilters={EMPTY_FILTERS}
        load={loadSnBindings}
        columns={columns}
        rowKey="deviceId"
        title={t('menu.snBoundMgr')}
        toolbar={
          <Button
            type="primary"
            icon={<LinkOutlined />}
            onClick={() => setDraft({ deviceCode: '', sn: '' })}
            data-testid="sn-bind"
          >
            {t('deviceBinding.sn.bind')}
          </Button>
        }
        searchFields={
          <>
            <Form.Item name="keyword" label={t('deviceBinding.keyword')}>
              <Input
                allowClear
                maxLength={50}
                placeholder={t('deviceBinding.keywordPlaceholder')}
                data-testid="sn-search-keyword"
              />
            </Form.Item>
            <FilterSelect
              name="bound"
              label={t('deviceBinding.sn.boundFilter')}
              options={[
                { value: '1', label: t('deviceBinding.sn.boundYes') },
                { value: '0', label: t('deviceBinding.sn.boundNo') },
              ]}
              width={140}
              testId="sn-search-bound"
            />
          </>
        }
        testId="sn-table"
      />
      <BindSnModal draft={draft} onClose={() => setDraft(null)} />
    </>
  );
}
