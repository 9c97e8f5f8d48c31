import { useState } from 'react';
import { Button, Card, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFeedback } from '../../../app/feedback.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { OneTimePassword, type OneTimeAccount } from '../components/OneTimePassword.tsx';
import { ParentPicker } from '../components/ParentPicker.tsx';
import { useAddDealer } from '../hooks.ts';
import { DealerFields, dealerFieldOf, toDraft, type DealerFormValues } from './DealerFields.tsx';

type AddValues = DealerFormValues & { parentId: string };

/** addDealers: a new dealer under the current company or one of its dealers; shows its admin account once. */
export default function DealerAddPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<AddValues>();
  const add = useAddDealer();
  const [admin, setAdmin] = useState<OneTimeAccount | null>(null);
  const { submit, submitting } = useFormSubmit(
    form,
    async ({ parentId, ...values }) => {
      const { adminPhone, adminPassword, adminInvited } = await add.mutateAsync({
        ...toDraft(values),
        parentId: parentId ?? '',
      });
      void message.success(t('dealers.added'));
      if (adminInvited) void message.info(t('dealers.adminInvited'));
      setAdmin({ phone: adminPhone, password: adminPassword });
    },
    dealerFieldOf,
  );
  return (
    <Card title={t('dealers.add')}>
      <Form<AddValues>
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ parentId: '', area: [] }}
        onFinish={submit}
        data-testid="dealer-form"
      >
        <Form.Item name="parentId" label={t('dealers.parent')}>
          <ParentPicker includeCurrent parentsOnly testId="dealer-parent" />
        </Form.Item>
        <DealerFields />
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={submitting} data-testid="dealer-form-submit">
              {t('dealers.save')}
            </Button>
            <Button onClick={() => navigate('..')}>{t('dealers.back')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <OneTimePassword account={admin} title={t('dealers.adminAccount')} onClose={() => navigate('..')} />
    </Card>
  );
}
