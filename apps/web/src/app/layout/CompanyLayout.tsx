import { FloatButton, Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { LogoutOnPlatformError } from '../../features/platform/hooks.ts';
import { useDayjsLocale } from '../../i18n/useDayjsLocale.ts';
import { AppHeader } from '../header/AppHeader.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useSiderCollapse } from './useSiderCollapse.ts';

/** Spec section 2: side menu 227 px open, 55 px collapsed. */
export const SIDER_WIDTH = 227;
export const SIDER_COLLAPSED_WIDTH = 55;

/** The /company shell: side menu, header, breadcrumb, page and back-to-top. */
export default function CompanyLayout() {
  const [collapsed, setCollapsed] = useSiderCollapse();
  useDayjsLocale();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsed={collapsed}
        style={{ overflow: 'auto', height: '100vh', position: 'sticky', top: 0 }}
        data-testid="sider"
      >
        <SideMenu collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <AppHeader collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
        <Layout.Content style={{ padding: 24 }}>
          <Breadcrumbs />
          <Outlet />
        </Layout.Content>
      </Layout>
      <FloatButton.BackTop />
      <LogoutOnPlatformError />
    </Layout>
  );
}
