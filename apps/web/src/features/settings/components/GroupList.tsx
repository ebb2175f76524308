import { TeamOutlined } from '@ant-design/icons';
import { Empty, Input, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { groupOptionsQuery } from '../hooks/privileges';

export interface GroupListProps {
  selected: number | null;
  onSelect: (id: number, name: string) => void;
}

/** The permission groups down the left of 功能权限 and 成员管理: pick one to work on. */
export function GroupList({ selected, onSelect }: GroupListProps) {
  const groups = useQuery(groupOptionsQuery);
  const [keyword, setKeyword] = useState('');
  const items = useMemo(
    () => (groups.data?.items ?? []).filter((g) => !keyword.trim() || g.name.includes(keyword.trim())),
    [groups.data, keyword],
  );

  // Nothing picked yet: the first group.
  const first = groups.data?.items[0];
  useEffect(() => {
    if (selected === null && first) onSelect(first.id, first.name);
  }, [selected, first, onSelect]);

  return (
    <div className="fk-panel fk-group-list" data-testid="group-list">
      <div className="fk-page-title">权限组</div>
      <Input.Search
        allowClear
        placeholder="搜索权限组"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {groups.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="空空如也~" />
      ) : (
        <ul className="fk-group-items" role="listbox" aria-label="权限组">
          {items.map((g) => (
            <li key={g.id} role="option" aria-selected={g.id === selected}>
              <button
                type="button"
                className={g.id === selected ? 'fk-group-item fk-group-item-active' : 'fk-group-item'}
                onClick={() => onSelect(g.id, g.name)}
              >
                <TeamOutlined />
                <span className="fk-group-name">{g.name}</span>
                {g.is_builtin && <Tag color="blue">内置</Tag>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
