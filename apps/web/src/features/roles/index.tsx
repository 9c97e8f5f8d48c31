import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useParams } from 'react-router-dom';
import { RoleForm } from './components/RoleForm.tsx';
import { useRoleList } from './hooks.ts';
import RoleListPage from './RoleListPage.tsx';
import NotFoundPage from '../placeholder/notFound/index.tsx';

// The contract has no single-role read: the role comes from the company's role list (at most 100 per page).
function RoleEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const list = useRoleList({ pageIndex: 1, pageSize: 100, roleName: '' });
  const role = list.data?.list.find((candidate) => candidate.roleId === id);
  if (list.isSuccess && !role) return <Empty description={t('roles.notFound')} />;
  return role ? <RoleForm role={role} /> : <RoleForm loading />;
}

/** Dealer management > Roles (B170): roleManage, roleAdd and roleEdit. */
export default function RolesSection() {
  return (
    <Routes>
      <Route index element={<RoleListPage />} />
      <Route path="roleAdd" element={<RoleForm />} />
      <Route path="roleEdit/:id" element={<RoleEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
