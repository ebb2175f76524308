import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Badge, Drawer, Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LAYOUT } from '@feikong/contracts';
import type { MenuNode } from '@/platform/menuTypes';
import { sidebarEntries } from '@/platform/routeRules';
import { menuIcon } from './menuIcons';

type Item = Required<MenuProps>['items'][number];

/** Counts shown beside menu entries (path → count): 我的待办's pending tasks. */
export type MenuCounts = Readonly<Record<string, number>>;

function labelOf(n: MenuNode, counts: MenuCounts): ReactNode {
  const count = counts[n.path] ?? 0;
  if (!count) return n.meta.title;
  return (
    <span className="fk-menu-count">
      <span>{n.meta.title}</span>
      <Badge count={count} overflowCount={99} size="small" data-testid={`menu-count-${n.name}`} />
    </span>
  );
}

function toItems(nodes: MenuNode[], counts: MenuCounts): Item[] {
  return nodes.map((n) =>
    n.children?.length
      ? {
          key: n.path,
          icon: menuIcon(n.meta.icon),
          label: labelOf(n, counts),
          children: toItems(n.children, counts),
        }
      : { key: n.path, icon: menuIcon(n.meta.icon), label: labelOf(n, counts) },
  );
}

/** Paths of every entry that has children: the sub-menus. */
function submenuKeys(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.path, ...submenuKeys(n.children)] : []));
}

/** The count a top menu carries: the sum of its entries' (我的待办 on its top item). */
export function topCount(top: MenuNode, counts: MenuCounts): number {
  const all = (list: MenuNode[]): MenuNode[] => list.flatMap((n) => [n, ...all(n.children ?? [])]);
  return all(top.children ?? []).reduce((s, n) => s + (counts[n.path] ?? 0), 0);
}

export interface SidebarProps {
  top: MenuNode | undefined;
  /** Menu paths of the matched routes, outermost first. */
  matchedPaths: string[];
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
  counts?: MenuCounts;
}

/** Collapsible sidebar, 184px / 57px (spec §2.4, §9): the visible children of the current top menu. */
export function Sidebar({ top, matchedPaths, collapsed, onCollapse, counts = {} }: SidebarProps) {
  const navigate = useNavigate();
  const entries = useMemo(() => sidebarEntries(top), [top]);
  const items = useMemo(() => toItems(entries, counts), [entries, counts]);
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

export interface MenuDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The visible top menus: on a phone the drawer holds all of them, the header has no room. */
  tops: MenuNode[];
  matchedPaths: string[];
  counts?: MenuCounts;
}

/** The sidebar on a phone (below 768 px): every top menu with its entries, in a drawer from the left. */
export function MenuDrawer({ open, onClose, tops, matchedPaths, counts = {} }: MenuDrawerProps) {
  const navigate = useNavigate();
  const items = useMemo<Item[]>(
    () =>
      tops.map((t) => {
        const entries = sidebarEntries(t);
        return entries.length
          ? { type: 'group' as const, key: t.path, label: t.meta.title, children: toItems(entries, counts) }
          : { key: t.path, icon: menuIcon(t.meta.icon), label: labelOf(t, counts) };
      }),
    [tops, counts],
  );
  const selected = [...matchedPaths].reverse().find((p) => p && hasKey(tops, p));
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={260}
      title="菜单"
      className="fk-menu-drawer"
      styles={{ body: { padding: 0 } }}
      data-testid="menu-drawer"
    >
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={tops.flatMap((t) => submenuKeys(sidebarEntries(t)))}
        onClick={({ key }) => {
          onClose();
          navigate(key);
        }}
      />
    </Drawer>
  );
}

function hasKey(nodes: MenuNode[], path: string): boolean {
  return nodes.some((n) => n.path === path || hasKey(n.children ?? [], path));
}
