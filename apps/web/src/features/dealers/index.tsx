import { Route, Routes } from 'react-router-dom';
import DealerAddPage from './form/DealerAddPage.tsx';
import DealerEditPage from './form/DealerEditPage.tsx';
import DealerDetailPage from './detail/DealerDetailPage.tsx';
import DealerListPage from './list/DealerListPage.tsx';
import NotFoundPage from '../placeholder/notFound/index.tsx';

/** Dealer management > Dealers (B135): the list, addDealers, dealersDetail and editDealers pages. */
export default function DealersSection() {
  return (
    <Routes>
      <Route index element={<DealerListPage />} />
      <Route path="addDealers" element={<DealerAddPage />} />
      <Route path="dealersDetail/:id" element={<DealerDetailPage />} />
      <Route path="editDealers/:id" element={<DealerEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
