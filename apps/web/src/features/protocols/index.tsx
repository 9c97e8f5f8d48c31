import { Route, Routes } from 'react-router-dom';
import { addPoint } from '@dcc/contract';
import { RequireCall } from '../../app/guards.tsx';
import ProtocolDetailPage from './detail/ProtocolDetailPage.tsx';
import FrameInspectorPage from './frames/FrameInspectorPage.tsx';
import PointHistoryDetailPage from './history/PointHistoryDetailPage.tsx';
import PointHistoryPage from './history/PointHistoryPage.tsx';
import ProtocolListPage from './list/ProtocolListPage.tsx';
import PointEditorPage from './pointEditor/PointEditorPage.tsx';
import NotFoundPage from '../placeholder/notFound/index.tsx';

/** Product management > Protocols (B154): the list, protocalDetail with its versions and points, the point pages and the frame inspector. */
export default function ProtocolsSection() {
  return (
    <Routes>
      <Route index element={<ProtocolListPage />} />
      <Route path="protocalDetail/:protocolId" element={<ProtocolDetailPage />} />
      <Route
        path="protocalDetail/:protocolId/pointAdd/:versionId"
        element={
          <RequireCall call={addPoint}>
            <PointEditorPage />
          </RequireCall>
        }
      />
      <Route path="protocalDetail/:protocolId/pointDetail/:pointId" element={<PointEditorPage />} />
      <Route path="protocalDetail/:protocolId/pointHistory/:versionId" element={<PointHistoryPage />} />
      <Route path="protocalDetail/:protocolId/pointHistoryDetail/:historyId" element={<PointHistoryDetailPage />} />
      <Route path="frameInspector" element={<FrameInspectorPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
