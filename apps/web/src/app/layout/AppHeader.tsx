import {
  CloudDownloadOutlined,
  DownOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuOutlined,
  QuestionCircleOutlined,
  ShopOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Badge, Dropdown, Menu, Tag, Tooltip, type MenuProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PERSONAL_NO_ORG } from '@feikong/contracts';
import { staffDisplayName, staffQuery } from '@/features/common';
import { SwitchOrgDialog, useLogout } from '@/features/login';
import { NotificationBell } from '@/features/notify';
import { isPersonalAccount, useSession } from '../../stores/session';
import type { MenuNode } from '@/platform/menuTypes';
import { hasMenuPath, topMenuClick, topMenuItems } from '@/platform/routeRules';
import { menuIcon } from './menuIcons';
import { topCount, type MenuCounts } from './Sidebar';

/** The help manual's address comes from the build (VITE_HELP_MANUAL_URL); no address, no link. */
export const HELP_MANUAL_URL = import.meta.env.VITE_HELP_MANUAL_URL ?? '';

export interface AppHeaderProps {
  tree: MenuNode[];
  /** Name of the top menu the current route is under. */
  activeTop?: string;
  /** Product version name, when the rights API told us. */
  versionName?: string;
  /** Counts beside menu entries (我的待办): the top item carries its entries' sum. */
  counts?: MenuCounts;
  /** On a phone: opens the menu drawer (the top menu and sidebar have no room). */
  onMenu?: () => void;
}

function Logo() {
  return (
    <div className="fk-logo" aria-label="费控">
      <svg width="26" height="26" viewBox="0 0 26 26" aria-hidden>
        <rect width="26" height="26" rx="6" fill="#1f6fff" />
        <path d="M7 7h12v3H10.5v2.2H17v3h-6.5V20H7z" fill="#fff" />
      </svg>
      <span className="fk-logo-text">费控</span>
    </div>
  );
}

/** Top header, exactly 48px (spec §2.4, §9). */
export function AppHeader({ tree, activeTop, versionName, counts = {}, onMenu }: AppHeaderProps) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const logout = useLogout();
  const session = useSession();
  const personal = isPersonalAccount(session);
  const [switching, setSwitching] = useState(false);

  const items = topMenuItems(tree, personal);
  const byName = new Map(items.map((m) => [m.name, m]));
  const onTopClick: MenuProps['onClick'] = ({ key }) => {
    const item = byName.get(key);
    if (!item) return;
    const click = topMenuClick(item, personal);
    if (click.action === 'warn') void message.warning(PERSONAL_NO_ORG);
    else navigate(click.to);
  };

  const showDownloads = hasMenuPath(tree, '/downloadcenter');
  const userItems: MenuProps['items'] = [
    { key: '/userInfo', icon: <UserOutlined />, label: '用户信息' },
    ...(personal ? [] : [{ key: '/orgInfo', icon: <ShopOutlined />, label: '企业信息' }]),
    // Always shown (spec §2.4); a personal account learns on the page that it needs an organisation.
    { key: '/emailInvoice', icon: <MailOutlined />, label: '专属邮箱' },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];
  const onUserClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') logout();
    else navigate(key);
  };

  // A session handed over with only a token (e.g. by a micro-frontend container): ask who this is.
  const staff = useQuery({
    ...staffQuery,
    enabled: !!session.token && (!session.username || (!personal && !session.top_org_name)),
  });
  const name = session.username || staffDisplayName(staff.data) || session.phone || '用户';
  const orgName = session.top_org_name || staff.data?.top_org_name || (personal ? '未加入组织' : '');

  return (
    <header className="fk-header" data-testid="app-header">
      {onMenu && (
        <button
          type="button"
          className="fk-action fk-menu-button"
          onClick={onMenu}
          aria-label="打开菜单"
          data-testid="menu-button"
        >
          <Badge dot={Object.values(counts).some((n) => n > 0)} offset={[2, -2]}>
            <MenuOutlined />
          </Badge>
        </button>
      )}
      <Logo />
      <button
        type="button"
        className="fk-org"
        onClick={() => setSwitching(true)}
        title={orgName ? `${orgName}（点击切换组织）` : '切换组织'}
        data-testid="org-switcher"
      >
        <span className="fk-org-name">{orgName || '切换组织'}</span>
        <SwapOutlined className="fk-org-icon" />
      </button>
      {versionName && (
        <Tag color="gold" className="fk-version" data-testid="product-version">
          {versionName}
        </Tag>
      )}
      <Menu
        className="fk-top-menu"
        mode="horizontal"
        selectedKeys={activeTop ? [activeTop] : []}
        onClick={onTopClick}
        items={items.map((m) => {
          const n = topCount(m, counts);
          return {
            key: m.name,
            icon: menuIcon(m.meta.icon),
            label: n ? (
              <span className="fk-menu-count">
                {m.meta.title}
                <Badge count={n} overflowCount={99} size="small" data-testid={`top-count-${m.name}`} />
              </span>
            ) : (
              m.meta.title
            ),
          };
        })}
        data-testid="top-menu"
      />
      <div className="fk-actions">
        {showDownloads && (
          <Tooltip title="下载中心">
            <button
              type="button"
              className="fk-action"
              onClick={() => navigate('/downloadcenter')}
              aria-label="下载中心"
            >
              <CloudDownloadOutlined />
            </button>
          </Tooltip>
        )}
        <NotificationBell />
        {HELP_MANUAL_URL && (
          <Tooltip title="帮助手册">
            <a
              className="fk-action"
              href={HELP_MANUAL_URL}
              target="_blank"
              rel="noreferrer"
              aria-label="帮助手册"
            >
              <QuestionCircleOutlined />
            </a>
          </Tooltip>
        )}
        <Dropdown
          menu={{ items: userItems, onClick: onUserClick }}
          placement="bottomRight"
          trigger={['hover', 'click']}
        >
          <button type="button" className="fk-user" data-testid="user-menu">
            <Avatar size={26} className="fk-avatar">
              {name.slice(0, 1)}
            </Avatar>
            <span className="fk-user-name">{name}</span>
            <DownOutlined className="fk-user-caret" />
          </button>
        </Dropdown>
      </div>
      <SwitchOrgDialog open={switching} onClose={() => setSwitching(false)} />
    </header>
  );
}
