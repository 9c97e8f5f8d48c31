import type { ComponentType } from 'react';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import ClusterOutlined from '@ant-design/icons/ClusterOutlined';
import ControlOutlined from '@ant-design/icons/ControlOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import LineChartOutlined from '@ant-design/icons/LineChartOutlined';
import ProjectOutlined from '@ant-design/icons/ProjectOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import WifiOutlined from '@ant-design/icons/WifiOutlined';

/** The icons the contract's menu tree names, imported one by one to keep the bundle small. */
export const MENU_ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  ControlOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  HomeOutlined,
  LineChartOutlined,
  ProjectOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  WifiOutlined,
};

/** The icon component of a menu entry, or null when the entry names none. */
export function menuIcon(name: string | undefined) {
  const Icon = name ? MENU_ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
