import { useState } from 'react';
import { Button, Card, Form, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFeedback } from '../../../app/feedback.tsx';
import { useAddProduct } from '../hooks.ts';
import { PRODUCT_PAGE, productDetailPath } from '../paths.ts';
import { NEW_PRODUCT, toProductDraft, type ProductFormValues } from './formValues.ts';
import { PRODUCT_INFO_NAMES, ProductInfoFields } from './ProductInfoFields.tsx';
import { ProtocolInfoFields } from './ProtocolInfoFields.tsx';

const FORM_LAYOUT = { labelCol: { span: 5 }, wrapperCol: { span: 12 } } as const;

/** productAdd: step 1 "improve product info", step 2 "protocol info", then one addProduct call. */
export default function ProductAddPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProductFormValues>();
  const [step, setStep] = useState(0);
  const add = useAddProduct();
  const next = () =>
    form.validateFields([...PRODUCT_INFO_NAMES]).then(
      () => setStep(1),
      () => undefined,
    );
  const submit = () =>
    form.validateFields().then(
      () => {
        // Both steps stay mounted (the hidden one keeps its values), so every field is in the store.
        const values = form.getFieldsValue(true) as ProductFormValues;
        if (!values.dataFormat) return;
        add.mutate(toProductDraft({ ...values, dataFormat: values.dataFormat }), {
          onSuccess: (product) => {
            void message.success(t('products.added'));
            navigate(productDetailPath(product));
          },
        });
      },
      () => undefined,
    );
  return (
    <Card title={t('products.add')}>
      <Steps
        current={step}
        style={{ marginBottom: 24, maxWidth: 720 }}
        items={[{ title: t('products.stepInfo') }, { title: t('products.stepProtocol') }]}
        data-testid="product-add-steps"
      />
      <Form<ProductFormValues>
        form={form}
        layout="horizontal"
        {...FORM_LAYOUT}
        initialValues={NEW_PRODUCT}
        data-testid="product-form"
      >
        <div style={{ display: step === 0 ? undefined : 'none' }}>
          <ProductInfoFields />
        </div>
        <div style={{ display: step === 1 ? undefined : 'none' }}>
          <ProtocolInfoFields />
        </div>
        <Form.Item wrapperCol={{ offset: FORM_LAYOUT.labelCol.span }}>
          <Space>
            {step === 0 ? (
              <Button type="primary" onClick={() => void next()} data-testid="product-next">
                {t('products.next')}
              </Button>
            ) : (
              <>
                <Button onClick={() => setStep(0)} data-testid="product-previous">
                  {t('products.previous')}
                </Button>
                <Button
                  type="primary"
                  onClick={() => void submit()}
                  loading={add.isPending}
                  data-testid="product-submit"
                >
                  {t('products.submit')}
                </Button>
              </>
            )}
            <Button onClick={() => navigate(PRODUCT_PAGE)} data-testid="product-cancel">
              {t('products.cancel')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
