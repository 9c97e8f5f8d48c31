import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { visibleMenu, type MenuEntry } from '@dcc/contract';
import { clearListState, useSession } from '../../session/session.ts';
import { menuTrail } from '../menuTrail.ts';
import { MenuLabel } from './MenuLabel.tsx';
import { menuIcon } from './menuIcons.tsx';

type Item = Required<MenuProps>['items'][number];

function toItems(entries: readonly MenuEntry[], t: (key: string) => string): Item[] {
  return entries.map((entry) => {
    const label = <MenuLabel path={entry.path} text={t(entry.labelKey)} />;
    const icon = menuIcon(entry.icon);
    return entry.children && entry.children.length > 0
      ? { key: entry.path, icon, label, children: toItems(entry.children, t) }
      : { key: entry.path, icon, label };
  });
}

/**
 * The side menu: the contract's menu tree filtered by the buttons held in the current company. A group's entries are
 * rendered when it is first opened: rendering all ~60 at start (and again when the menu registers its keys) was
 * nearly half of the components the console's start renders (docs/PERFORMANCE.md).
 */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { buttons } = useSession();
  const entries = useMemo(() => visibleMenu(buttons), [buttons]);
  const trail = menuTrail(pathname);
  const parentKey = trail.length > 1 ? trail[0]!.path : null;
  const [openKeys, setOpenKeys] = useState<string[]>(() => (parentKey ? [parentKey] : []));
  // Arriving at a page by a link (home cards, breadcrumb) opens its menu group too.
  useEffect(() => {
    if (parentKey) setOpenKeys((keys) => (keys.includes(parentKey) ? keys : [...keys, parentKey]));
  }, [parentKey]);

  const open = (path: string) => {
    // Remembered filters and pages belong to the entry the user leaves.
    if (path !== pathname) clearListState();
    void navigate(path);
  };

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={toItems(entries, t)}
      selectedKeys={trail.length > 0 ? [trail[trail.length - 1]!.path] : []}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => open(key)}
      data-testid="side-menu"
    />
  );
}
