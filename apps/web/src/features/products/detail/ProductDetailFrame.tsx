import { Button, Card, Empty, Tabs, type TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalName } from '../../../i18n/useLocalName.ts';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { Product } from '@dcc/contract';
import { useProduct } from '../hooks.ts';
import { PRODUCT_PAGE, productDetailPath } from '../paths.ts';

interface Props {
  /** The kind of product the page shows: thing-model (Alink) products or protocol-point (pm) ones. */
  thingModel: boolean;
  testId: string;
  defaultTab?: string;
  tabs(product: Product): TabsProps['items'];
}

/** A product detail page of the :productId in the address: loading, not found, a product of the other kind sent to its own page; else the product's name, a back button and its tabs. */
export function ProductDetailFrame({ thingModel, testId, defaultTab, tabs }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { productId = '' } = useParams();
  const nameOf = useLocalName();
  const product = useProduct(productId);
  if (!product.data)
    return <Card loading={product.isLoading}>{product.isError && <Empty description={t('products.notFound')} />}</Card>;
  const data = product.data;
  // A product of the other kind opened by an old link goes to its own page.
  if ((data.productMessageType !== 'pm') !== thingModel) return <Navigate to={productDetailPath(data)} replace />;
  return (
    <Card
      title={nameOf(data.productName, data.productEnName)}
      extra={
        <Button onClick={() => navigate(PRODUCT_PAGE)} data-testid="product-back">
          {t('products.back')}
        </Button>
      }
      data-testid={testId}
    >
      <Tabs defaultActiveKey={defaultTab} data-testid="product-detail-tabs" items={tabs(data)} />
    </Card>
  );
}
