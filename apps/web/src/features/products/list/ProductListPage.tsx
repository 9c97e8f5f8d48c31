import { Form, Input, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { addProduct, deleteProduct, type Product } from '@dcc/contract';
import { actionsColumn, FilterSelect, formatTime, PagedTable, RowActions } from '../../../components/list/index.ts';
import { useMayCall } from '../../../session/mayCall.ts';
import { CatalogAddButton } from '../../catalog/catalogAccess.tsx';
import { enumLabel, enumOptions } from '../enums.ts';
import { loadProducts, PRODUCT_LIST, useDeleteProduct, useSeriesOptions, type ProductFilters } from '../hooks.ts';
import { PRODUCT_PAGE, productDetailPath } from '../paths.ts';
import { UploadedImage } from '../../../components/UploadedImage.tsx';

const EMPTY_FILTERS: ProductFilters = { productName: '', seriesId: '', productMessageType: '' };

/** Product management > Products (B150): search, series and product-type filters; a row opens its detail page. */
export default function ProductListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteProduct();
  const series = useSeriesOptions();
  const maker = useMayCall(deleteProduct);
  const columns: TableColumnsType<Product> = [
    {
      title: t('products.image'),
      dataIndex: 'image',
      render: (image: string) =>
        image ? <UploadedImage url={image} width={48} height={36} style={{ objectFit: 'cover' }} /> : <span>-</span>,
    },
    {
      title: t('products.name'),
      dataIndex: 'productName',
      key: 'productName',
      sorter: true,
      render: (name: string, row) => (
        <Link to={productDetailPath(row)} data-testid="product-open">
          {name}
        </Link>
      ),
    },
    { title: t('products.enName'), dataIndex: 'productEnName' },
    { title: t('products.series'), dataIndex: 'seriesName' },
    {
      title: t('products.dataFormat'),
      dataIndex: 'dataFormat',
      render: (value: string) => enumLabel(t, 'dataFormat', value),
    },
    {
      title: t('products.productMessageType'),
      dataIndex: 'productMessageType',
      render: (value: string) => (
        <Tag color={value === 'pm' ? 'blue' : 'purple'}>{enumLabel(t, 'productMessageType', value)}</Tag>
      ),
    },
    { title: t('products.protocol'), dataIndex: 'protocolName' },
    { title: t('list.createTime'), dataIndex: 'createTime', key: 'createTime', sorter: true, render: formatTime },
    { title: t('list.updateTime'), dataIndex: 'updateTime', key: 'updateTime', sorter: true, render: formatTime },
    actionsColumn<Product>(t, (row) => (
      <RowActions
        onEdit={() => navigate(productDetailPath(row))}
        editLabel={t('products.detail')}
        editTestId="row-detail"
        deleteQuestion={t('products.deleteConfirm', { name: row.productName })}
        onDelete={maker ? () => remove.mutateAsync({ productId: row.productId, version: row.version }) : undefined}
      />
    )),
  ];
  return (
    <PagedTable<Product, ProductFilters>
      listName={PRODUCT_LIST}
      initialFilters={EMPTY_FILTERS}
      load={loadProducts}
      columns={columns}
      rowKey="productId"
      title={t('menu.productsManage')}
      toolbar={
        <CatalogAddButton
          call={addProduct}
          label={t('products.add')}
          onClick={() => navigate(`${PRODUCT_PAGE}/productAdd`)}
          testId="product-add"
        />
      }
      searchFields={
        <>
          <Form.Item name="productName" label={t('products.name')}>
            <Input
              allowClear
              maxLength={50}
              placeholder={t('products.searchPlaceholder')}
              data-testid="product-search-name"
            />
          </Form.Item>
          <FilterSelect
            name="seriesId"
            label={t('products.series')}
            allLabel={t('products.allSeries')}
            options={(series.data ?? []).map(({ id, name }) => ({ value: id, label: name }))}
            width={180}
            searchable
            testId="product-search-series"
          />
          <FilterSelect
            name="productMessageType"
            label={t('products.productMessageType')}
            allLabel={t('products.allTypes')}
            options={enumOptions(t, 'productMessageType')}
            width={180}
            testId="product-search-type"
          />
        </>
      }
      testId="product-table"
    />
  );
}
