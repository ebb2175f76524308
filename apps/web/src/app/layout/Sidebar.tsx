import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { LAYOUT } from '@feikong/contracts';
import type { MenuNode } from '@/platform/menuTypes';
import { sidebarEntries } from '@/platform/routeRules';
import { menuIcon } from './menuIcons';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[]): Item[] {
  return nodes.map((n) =>
    n.children?.length
      ? { key: n.path, icon: menuIcon(n.meta.icon), label: n.meta.title, children: toItems(n.children) }
      : { key: n.path, icon: menuIcon(n.meta.icon), label: n.meta.title },
  );
}

/** Paths of every entry that has children: the sub-menus. */
function submenuKeys(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.path, ...submenuKeys(n.children)] : []));
}

export interface SidebarProps {
  top: MenuNode | undefined;
  /** Menu paths of the matched routes, outermost first. */
  matchedPaths: string[];
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
}

/** Collapsible sidebar, 184px / 57px (spec §2.4, §9): the visible children of the current top menu. */
export function Sidebar({ top, matchedPaths, collapsed, onCollapse }: SidebarProps) {
  const navigate = useNavigate();
  const entries = useMemo(() => sidebarEntries(top), [top]);
  const items = useMemo(() => toItems(entries), [entries]);
  const allSubmenus = useMemo(() => submenuKeys(entries), [entries]);
  const selected = [...matchedPaths].reverse().find((p) => p && hasKey(entries, p));
  const [openKeys, setOpenKeys] = useState<string[]>(() => allSubmenus);

  return (
    <Layout.Sider
      className="fk-sider"
      width={LAYOUT.sidebarWidth}
      collapsedWidth={LAYOUT.sidebarCollapsedWidth}
      collapsed={collapsed}
      trigger={null}
      theme="light"
      data-testid="app-sidebar"
    >
      <div className="fk-sider-menu">
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key }) => navigate(key)}
        />
      </div>
      <button
        type="button"
        className="fk-sider-trigger"
        onClick={() => onCollapse(!collapsed)}
        aria-label={collapsed ? '展开菜单' : '收起菜单'}
        data-testid="sidebar-toggle"
      >
        {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        {!collapsed && <span>收起菜单</span>}
      </button>
    </Layout.Sider>
  );
}

function hasKey(nodes: MenuNode[], path: string): boolean {
  return nodes.some((n) => n.path === path || hasKey(n.children ?? [], path));
}
