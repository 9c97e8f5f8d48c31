import { useTranslation } from 'react-i18next';
import { BasicInfo } from '../detail/BasicInfo.tsx';
import { ProductDetailFrame } from '../detail/ProductDetailFrame.tsx';
import { ThingModelPanel } from './ThingModelPanel.tsx';

/** thingModelProductDetail/:productId of an Alink product: basic info and the thing model (draft, publish, import, export). */
export default function ThingModelDetailPage() {
  const { t } = useTranslation();
  return (
    <ProductDetailFrame
      thingModel
      testId="thing-model-product-detail"
      defaultTab="model"
      tabs={(product) => [
        { key: 'basic', label: t('products.tabBasic'), children: <BasicInfo product={product} /> },
        {
          key: 'model',
          label: t('thingModel.tab'),
          children: <ThingModelPanel productId={product.productId} productName={product.productName} />,
        },
      ]}
    />
  );
}
