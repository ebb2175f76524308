import { SearchOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Spin, Tabs } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type UIEvent } from 'react';
import { EMPTY_TEXT, MARK_ALL_READ, SEARCH_DEBOUNCE_MS } from '@feikong/contracts';
import type { Notification, NotifyStatus } from '@/api/notifications';
import { useSession } from '@/stores/session';
import { feedQuery, useMarkRead, useUnreadCount } from '../hooks/notify';
import { useDebouncedValue } from '@/components/useDebouncedValue';
import { nearBottom } from '../rules';
import { NotificationItem } from './NotificationItem';
import '../notify.css';

export interface NotificationPanelProps {
  /** A notification was clicked (it is being marked read): open what it is about. */
  onOpen: (n: Notification) => void;
  /** 查看全部: the notice list page, when the user has it. */
  onViewAll?: () => void;
}

/**
 * The bell's popover (spec §2.5): search (请输入关键字, 300 ms debounce), tabs 未读 / 已读, an
 * infinite list (10 a page, more on scrolling near the bottom), 空空如也~ when empty, and
 * 标记为已读 (all) → 已全部标记为已读！.
 */
export function NotificationPanel({ onOpen, onViewAll }: NotificationPanelProps) {
  const { message } = App.useApp();
  const token = useSession((s) => s.token);
  const [tab, setTab] = useState<NotifyStatus>('unread');
  const [input, setInput] = useState('');
  const keyword = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const unread = useUnreadCount();
  const feed = useInfiniteQuery({ ...feedQuery(token, tab, keyword), enabled: !!token });
  const { one, all } = useMarkRead();
  const items = feed.data?.pages.flatMap((p) => p?.items ?? []) ?? [];

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    if (nearBottom(e.currentTarget) && feed.hasNextPage && !feed.isFetchingNextPage)
      void feed.fetchNextPage();
  };

  const markAll = () =>
    all.mutate(undefined, {
      onSuccess: () => void message.success(MARK_ALL_READ),
    });

  const open = (n: Notification) => {
    if (n.status === 0) one.mutate(n.id);
    onOpen(n);
  };

  return (
    <div className="fk-nt-panel" data-testid="notify-panel">
      <div className="fk-nt-header">消息通知</div>
      <div className="fk-nt-search">
        <Input
          allowClear
          prefix={<SearchOutlined className="fk-nt-muted" />}
          placeholder="请输入关键字"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          aria-label="搜索通知"
        />
      </div>
      <Tabs
        className="fk-nt-tabs"
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as NotifyStatus)}
        items={[
          { key: 'unread', label: unread > 0 ? `未读 (${unread > 99 ? '99+' : unread})` : '未读' },
          { key: 'read', label: '已读' },
        ]}
      />
      <div className="fk-nt-scroll" onScroll={onScroll} data-testid="notify-scroll">
        {feed.isPending ? (
          <div className="fk-nt-center">
            <Spin />
          </div>
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} className="fk-nt-empty" />
        ) : (
          <ul className="fk-nt-list">
            {items.map((n) => (
              <NotificationItem key={n.id} item={n} onOpen={open} />
            ))}
          </ul>
        )}
        {feed.isFetchingNextPage && (
          <div className="fk-nt-center fk-nt-more">
            <Spin size="small" /> 加载中…
          </div>
        )}
        {!feed.isPending && items.length > 0 && !feed.hasNextPage && items.length > 10 && (
          <div className="fk-nt-center fk-nt-more">没有更多了</div>
        )}
      </div>
      <div className="fk-nt-footer">
        <Button type="link" size="small" onClick={markAll} loading={all.isPending} disabled={unread === 0}>
          标记为已读
        </Button>
        {onViewAll && (
          <Button type="link" size="small" onClick={onViewAll}>
            查看全部
          </Button>
        )}
      </div>
    </div>
  );
}
