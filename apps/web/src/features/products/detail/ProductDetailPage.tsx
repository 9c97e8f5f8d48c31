import { Button, Card, Empty, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useProduct } from '../hooks.ts';
import { OTA_PAGE, PARAMS_PAGE, PRODUCT_PAGE, productDetailPath } from '../paths.ts';
import { BasicInfo } from './BasicInfo.tsx';
import { LaterTab } from './LaterTab.tsx';
import { ProtocolTab } from './ProtocolTab.tsx';

/** productDetail/:productId of a protocol-point product: basic info, protocol management, 4G firmware upgrade, batch parameters. */
export default function ProductDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { productId = '' } = useParams();
  const product = useProduct(productId);
  if (!product.data) return <Card loading={product.isLoading}>{product.isError && <Empty description={t('products.notFound')} />}</Card>;
  const data = product.data;
  // A thing-model product opened by an old link goes to its own page.
  if (data.productMessageType !== 'pm') return <Navigate to={productDetailPath(data)} replace />;
  return (
    <Card
      title={data.productName}
      extra={<Space><Button onClick={() => navigate(PRODUCT_PAGE)} data-testid="product-back">{t('products.back')}</Button></Space>}
      data-testid="product-detail"
    >
      <Tabs
        data-testid="product-detail-tabs"
        items={[
          { key: 'basic', label: t('products.tabBasic'), children: <BasicInfo product={data} /> },
          { key: 'protocol', label: t('products.tabProtocol'), children: <ProtocolTab product={data} /> },
          { key: 'firmware', label: t('products.tabFirmware'), children: <LaterTab textKey="products.firmwareText" linkKey="products.firmwareLink" to={OTA_PAGE} testId="product-firmware-link" /> },
          { key: 'params', label: t('products.tabParams'), children: <LaterTab textKey="products.paramsText" linkKey="products.paramsLink" to={PARAMS_PAGE} testId="product-params-link" /> },
        ]}
      />
    </Card>
  );
}
