import { useState } from 'react';
import { Button, Descriptions, Form, Popconfirm, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { allocateDeviceCustomer, getDeviceCustomer, listCustomerTargets } from '@dcc/contract';
import { call } from '../../../../api/client.ts';
import { useFeedback } from '../../../../app/feedback.tsx';
import { EMPTY_VALUE } from '../../../../components/emptyValue.ts';
import { useMayCall } from '../../../../session/mayCall.ts';
import { useCustomerTargetOptions } from '../../allocation/allocationTargets.ts';
import { deviceDetailKey } from '../deviceKeys.ts';
import { TargetSelect } from './TargetSelect.tsx';

/** The end customer the device is allocated to, and allocating it to another (or taking it back) with B9404. */
export function CustomerAllocation({ deviceId, deviceCode }: { deviceId: string; deviceCode: string }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const key = [...deviceDetailKey(deviceId), 'customer'];
  const current = useQuery({ queryKey: key, queryFn: () => call(getDeviceCustomer, { deviceId }) });
  const mayAllocate = useMayCall(allocateDeviceCustomer);
  const mayPickCustomer = useMayCall(listCustomerTargets);
  const mayPick = mayAllocate && mayPickCustomer;
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<string | undefined>();
  const customers = useCustomerTargetOptions(search, mayPick);
  const allocate = useMutation({
    mutationFn: (customerId: string) => call(allocateDeviceCustomer, { deviceId, customerId }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      setTarget(undefined);
      void message.success(t(answer.customer ? 'deviceDetail.customer.allocated' : 'deviceDetail.customer.released'));
    },
  });
  const shown = current.data?.customer;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('deviceDetail.customer.current')}>
          <span data-testid="device-customer">{shown ? `${shown.userName} (${shown.phone})` : EMPTY_VALUE}</span>
        </Descriptions.Item>
      </Descriptions>
      {mayPick ? (
        <Form layout="inline">
          <TargetSelect
            label={t('deviceDetail.customer.target')}
            placeholder={t('deviceDetail.customer.targetPlaceholder')}
            value={target}
            onChange={setTarget}
            onSearch={setSearch}
            options={customers.options}
            loading={customers.loading}
            testId="device-customer-target"
          />
          <Form.Item>
            <Space>
              <Button
                type="primary"
                disabled={!target}
                loading={allocate.isPending}
                onClick={() => target && allocate.mutate(target)}
                data-testid="device-customer-allocate"
              >
                {t('deviceDetail.customer.allocate')}
              </Button>
              {shown ? (
                <Popconfirm
                  title={t('deviceDetail.customer.releaseQuestion', { code: deviceCode, customer: shown.userName })}
                  okText={t('deviceDetail.customer.release')}
                  cancelText={t('deviceDetail.action.cancel')}
                  onConfirm={() => allocate.mutateAsync('').catch(() => undefined)}
                >
                  <Button danger data-testid="device-customer-release">
                    {t('deviceDetail.customer.release')}
                  </Button>
                </Popconfirm>
              ) : null}
            </Space>
          </Form.Item>
        </Form>
      ) : null}
    </Space>
  );
}
