import { Route, Routes } from 'react-router-dom';
import DataTypeFormPage from './DataTypeFormPage.tsx';
import DataTypeListPage from './DataTypeListPage.tsx';

/** Product management > Data types (B166): the list, dataTypeAdd and dataTypeEdit pages. */
export default function DataTypesSection() {
  return (
    <Routes>
      <Route index element={<DataTypeListPage />} />
      <Route path="dataTypeAdd" element={<DataTypeFormPage />} />
      <Route path="dataTypeEdit/:dataTypeId" element={<DataTypeFormPage />} />
    </Routes>
  );
}
