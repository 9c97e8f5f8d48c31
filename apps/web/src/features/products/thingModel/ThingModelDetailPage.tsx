import { Button, Card, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { BasicInfo } from '../detail/BasicInfo.tsx';
import { useProduct } from '../hooks.ts';
import { PRODUCT_PAGE, productDetailPath } from '../paths.ts';
import { ThingModelPanel } from './ThingModelPanel.tsx';

/** thingModelProductDetail/:productId of an Alink product: basic info and the thing model (draft, publish, import, export). */
export default function ThingModelDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { productId = '' } = useParams();
  const product = useProduct(productId);
  if (!product.data) return <Card loading={product.isLoading}>{product.isError && <Empty description={t('products.notFound')} />}</Card>;
  const data = product.data;
  // A protocol-point product opened by an old link goes to its own page.
  if (data.productMessageType === 'pm') return <Navigate to={productDetailPath(data)} replace />;
  return (
    <Card title={data.productName} extra={<Button onClick={() => navigate(PRODUCT_PAGE)} data-testid="product-back">{t('products.back')}</Button>} data-testid="thing-model-product-detail">
      <Tabs
        defaultActiveKey="model"
        data-testid="product-detail-tabs"
        items={[
          { key: 'basic', label: t('products.tabBasic'), children: <BasicInfo product={data} /> },
          { key: 'model', label: t('thingModel.tab'), children: <ThingModelPanel productId={data.productId} productName={data.productName} /> },
        ]}
      />
    </Card>
  );
}
