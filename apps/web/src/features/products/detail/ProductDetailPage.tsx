import { useTranslation } from 'react-i18next';
import { OTA_PAGE, PARAMS_PAGE } from '../paths.ts';
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
          children: (
            <LaterTab
              textKey="products.firmwareText"
              linkKey="products.firmwareLink"
              to={OTA_PAGE}
              testId="product-firmware-link"
            />
          ),
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
