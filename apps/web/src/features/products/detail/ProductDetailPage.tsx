import { useTranslation } from 'react-i18next';
import { ProductFirmwareTab } from '../../ota/ProductFirmwareTab.tsx';
import { PARAMS_PAGE } from '../paths.ts';
import { BasicInfo } from './BasicInfo.tsx';
import { LaterTab } from './LaterTab.tsx';
import { ProductDetailFrame } from './ProductDetailFrame.tsx';
import { ProtocolTab } from './ProtocolTab.tsx';

/** productDetail/:productId of a protocol-point product: basic info, protocol management, 4G firmware upgrade, batch parameters. */
export default function ProductDetailPage() {
  const { t } = useTranslation();
  return (
    <ProductDetailFrame
      thingModel={false}
      testId="product-detail"
      tabs={(product) => [
        { key: 'basic', label: t('products.tabBasic'), children: <BasicInfo product={product} /> },
        { key: 'protocol', label: t('products.tabProtocol'), children: <ProtocolTab product={product} /> },
        {
          key: 'firmware',
          label: t('products.tabFirmware'),
          children: <ProductFirmwareTab productId={product.productId} />,
        },
        {
          key: 'params',
          label: t('products.tabParams'),
          children: (
            <LaterTab
              textKey="products.paramsText"
              linkKey="products.paramsLink"
              to={PARAMS_PAGE}
              testId="product-params-link"
            />
          ),
        },
      ]}
    />
  );
}
