import { Route, Routes } from 'react-router-dom';
import NotFoundPage from '../placeholder/notFound/index.tsx';
import ProjectDetailPage from './detail/ProjectDetailPage.tsx';
import ProjectFormPage from './form/ProjectFormPage.tsx';
import ProjectListPage from './list/ProjectListPage.tsx';

/** Project management > projectsManage (B1001): the list, addProject, editProject, projectDetail and cenProjectDetail. */
export default function ProjectsSection() {
  return (
    <Routes>
      <Route index element={<ProjectListPage />} />
      <Route path="addProject" element={<ProjectFormPage />} />
      <Route path="editProject/:projectId" element={<ProjectFormPage />} />
      <Route path="projectDetail/:projectId" element={<ProjectDetailPage central={false} />} />
      <Route path="cenProjectDetail/:projectId" element={<ProjectDetailPage central />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
