import { Route, Routes } from 'react-router-dom';
import { addProduct, saveThingModelDraft } from '@dcc/contract';
import { RequireCall } from '../../app/guards.tsx';
import ProductDetailPage from './detail/ProductDetailPage.tsx';
import ProductAddPage from './form/ProductAddPage.tsx';
import ProductListPage from './list/ProductListPage.tsx';
import DraftEditorPage from './thingModel/DraftEditorPage.tsx';
import ThingModelDetailPage from './thingModel/ThingModelDetailPage.tsx';
import NotFoundPage from '../placeholder/notFound/index.tsx';

/** Product management > Products (B150): the list, productAdd, productDetail, thingModelProductDetail and its editTheDraft. */
export default function ProductsSection() {
  return (
    <Routes>
      <Route index element={<ProductListPage />} />
      <Route
        path="productAdd"
        element={
          <RequireCall call={addProduct}>
            <ProductAddPage />
          </RequireCall>
        }
      />
      <Route path="productDetail/:productId" element={<ProductDetailPage />} />
      <Route path="thingModelProductDetail/:productId" element={<ThingModelDetailPage />} />
      <Route
        path="thingModelProductDetail/:productId/editTheDraft"
        element={
          <RequireCall call={saveThingModelDraft}>
            <DraftEditorPage />
          </RequireCall>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
