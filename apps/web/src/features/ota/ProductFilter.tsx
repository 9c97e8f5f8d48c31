import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/list/index.ts';
import { useProductChoices } from './area.ts';

/** An OTA list's product filter (all products or one). */
export function ProductFilter({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      name="productId"
      label={t('otaCatalog.product')}
      options={useProductChoices()}
      allLabel={t('otaCatalog.allProducts')}
      width={200}
      searchable
      testId={testId}
    />
  );
}
