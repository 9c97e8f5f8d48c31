import { useState } from 'react';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import DownOutlined from '@ant-design/icons/DownOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DealerItem } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { HandOverModal } from '../components/HandOverModal.tsx';
import { SaleScopeModal } from '../components/SaleScopeModal.tsx';
import { useRandomPasswordView } from '../components/useRandomPasswordView.tsx';
import { useDeleteDealer, useSetDealerEnabled } from '../hooks.ts';

/** Row actions of the dealer list (detail, edit, enable/disable, sale scope, hand-over, random password, delete) and their dialogs. */
export function useDealerActions() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const setEnabled = useSetDealerEnabled();
  const remove = useDeleteDealer();
  const randomPassword = useRandomPasswordView();
  const [handOver, setHandOver] = useState<DealerItem | null>(null);
  const [saleScope, setSaleScope] = useState<DealerItem | null>(null);

  const toggle = (dealer: DealerItem) =>
    void modal.confirm({
      title: t(dealer.enabled ? 'dealers.disable' : 'dealers.enable'),
      content: t(dealer.enabled ? 'dealers.disableConfirm' : 'dealers.enableConfirm', { name: dealer.dealersName }),
      okText: t('dealers.confirm'),
      cancelText: t('dealers.cancel'),
      okButtonProps: { 'data-testid': 'dealer-toggle-confirm' },
      onOk: () =>
        setEnabled
          .mutateAsync({ id: dealer.dealersId, enabled: !dealer.enabled })
          .then(() => void message.success(t('dealers.saved')))
          .catch(() => undefined),
    });
  const askDelete = (dealer: DealerItem) =>
    void modal.confirm({
      title: t('dealers.delete'),
      content: t('dealers.deleteConfirm', { name: dealer.dealersName }),
      okText: t('dealers.delete'),
      okButtonProps: { danger: true, 'data-testid': 'dealer-delete-confirm' },
      cancelText: t('dealers.cancel'),
      // A refusal (sub-dealers, members) is shown by the API client with the server's reason.
      onOk: () =>
        remove
          .mutateAsync(dealer.dealersId)
          .then(() => void message.success(t('dealers.deleted')))
          .catch(() => undefined),
    });

  const render = (dealer: DealerItem, isCurrent: boolean) => {
    const more: MenuProps['items'] = [
      { key: 'saleScope', label: t('dealers.saleScope'), onClick: () => setSaleScope(dealer) },
      { key: 'randomPassword', label: t('dealers.randomPassword'), onClick: () => randomPassword.ask(dealer) },
      ...(isCurrent
        ? []
        : [
            {
              key: 'toggle',
              label: t(dealer.enabled ? 'dealers.disable' : 'dealers.enable'),
              onClick: () => toggle(dealer),
            },
            { key: 'handOver', label: t('dealers.handOver'), onClick: () => setHandOver(dealer) },
            { key: 'delete', label: t('dealers.delete'), danger: true, onClick: () => askDelete(dealer) },
          ]),
    ];
    return (
      <Space size={0} data-testid={`dealer-actions-${dealer.dealersCode}`}>
        <Button
          type="link"
          size="small"
          onClick={() => navigate(`dealersDetail/${dealer.dealersId}`)}
          data-testid="dealer-detail"
        >
          {t('dealers.detail')}
        </Button>
        <Button
          type="link"
          size="small"
          onClick={() => navigate(`editDealers/${dealer.dealersId}`)}
          data-testid="dealer-edit"
        >
          {t('dealers.edit')}
        </Button>
        <Dropdown menu={{ items: more }} trigger={['click']}>
          <Button type="link" size="small" data-testid="dealer-more">
            {t('dealers.more')} <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
    );
  };
  const dialogs = (
    <>
      <HandOverModal dealer={handOver} onClose={() => setHandOver(null)} />
      <SaleScopeModal dealer={saleScope} onClose={() => setSaleScope(null)} />
      {randomPassword.view}
    </>
  );
  return { render, dialogs, toggle };
}
