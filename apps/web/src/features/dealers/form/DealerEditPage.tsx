import { Button, Card, Form, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useFeedback } from '../../../app/feedback.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { useSeededForm } from '../../../components/useSeededForm.ts';
import { useDealerDetail, useEditDealer } from '../hooks.ts';
import { DealerFields, dealerFieldOf, toDraft, toFormValues, type DealerFormValues } from './DealerFields.tsx';

/** editDealers: the dealer's editable fields; level and parent change only by hand-over. */
export default function DealerEditPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [form] = Form.useForm<DealerFormValues>();
  const detail = useDealerDetail(id);
  const edit = useEditDealer();
  const dealer = useSeededForm(form, detail.data?.info, (info) => info.dealersId, toFormValues);
  // The version the form was loaded with: a stale one is refused with the server's "changed by someone else" message.
  const { submit, submitting } = useFormSubmit(
    form,
    async (values) => {
      await edit.mutateAsync({ ...toDraft(values), id, version: dealer?.version ?? 0 });
      void message.success(t('dealers.saved'));
      navigate(-1);
    },
    dealerFieldOf,
  );
  return (
    <Card title={t('dealers.edit')}>
      <Spin spinning={detail.isLoading}>
        <Form<DealerFormValues>
          form={form}
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 12 }}
          onFinish={submit}
          data-testid="dealer-form"
        >
          <DealerFields />
          <Form.Item wrapperCol={{ offset: 5 }}>
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                loading={submitting}
                disabled={!dealer}
                data-testid="dealer-form-submit"
              >
                {t('dealers.save')}
              </Button>
              <Button onClick={() => navigate(-1)}>{t('dealers.back')}</Button>
            </Space>
          </Form.Item>
        </Form>
      </Spin>
    </Card>
  );
}
