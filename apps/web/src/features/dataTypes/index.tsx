import { Route, Routes } from 'react-router-dom';
import { addDataType, updateDataType } from '@dcc/contract';
import { RequireCall } from '../../app/guards.tsx';
import DataTypeFormPage from './DataTypeFormPage.tsx';
import DataTypeListPage from './DataTypeListPage.tsx';
import NotFoundPage from '../placeholder/notFound/index.tsx';

/** Product management > Data types (B166): the list, dataTypeAdd and dataTypeEdit pages. */
export default function DataTypesSection() {
  return (
    <Routes>
      <Route index element={<DataTypeListPage />} />
      <Route
        path="dataTypeAdd"
        element={
          <RequireCall call={addDataType}>
            <DataTypeFormPage />
          </RequireCall>
        }
      />
      <Route
        path="dataTypeEdit/:dataTypeId"
        element={
          <RequireCall call={updateDataType}>
            <DataTypeFormPage />
          </RequireCall>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
