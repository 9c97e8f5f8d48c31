import { useEffect, useState } from 'react';
import { Modal, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getSaleScope, type DealerItem } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { AreaPicker } from '../../../components/AreaPicker.tsx';
import { useSetSaleScope } from '../hooks.ts';

interface Props {
  dealer: DealerItem | null;
  onClose(): void;
}

/** Sale scope: the provinces and cities where the dealer may sell (used later by the electronic fence). */
export function SaleScopeModal({ dealer, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const id = dealer?.dealersId ?? '';
  const scope = useQuery({
    queryKey: ['dealers', 'saleScope', id],
    queryFn: () => call(getSaleScope, { id }),
    enabled: id !== '',
  });
  const save = useSetSaleScope();
  const [areas, setAreas] = useState<string[]>([]);
  useEffect(() => setAreas(scope.data?.areas ?? []), [scope.data]);
  const submit = () =>
    save.mutate(
      { id, areas },
      {
        onSuccess: () => {
          void message.success(t('dealers.saleScopeSaved'));
          onClose();
        },
      },
    );
  return (
    <Modal
      open={dealer !== null}
      title={t('dealers.saleScope')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'sale-scope-ok', disabled: scope.isLoading }}
      destroyOnHidden
      width={640}
    >
      <Typography.Paragraph>{t('dealers.saleScopeHint', { name: dealer?.dealersName ?? '' })}</Typography.Paragraph>
      <Spin spinning={scope.isLoading}>
        <AreaPicker multiple value={areas} onChange={setAreas} testId="sale-scope-areas" />
      </Spin>
    </Modal>
  );
}
