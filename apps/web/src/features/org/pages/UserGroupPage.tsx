import { TeamOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { Descriptions, Empty, Input, Skeleton, Tag, Tree, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { EMPTY_TEXT } from '@feikong/contracts';
import type { UserGroupNode } from '../../../api/org';
import { userGroupsQuery } from '../hooks/queries';
import '../org.css';

interface Item {
  key: string;
  isLeaf?: boolean;
  title: string;
  group: UserGroupNode;
  children: Item[];
}

/** The tree with groups whose name contains `keyword` and their ancestors. */
export function filterGroups(nodes: readonly UserGroupNode[], keyword: string): UserGroupNode[] {
  const kw = keyword.trim();
  if (!kw) return [...nodes];
  return nodes.flatMap((n) => {
    const children = filterGroups(n.children, kw);
    return n.name.includes(kw) || children.length
      ? [{ ...n, children: n.name.includes(kw) ? n.children : children }]
      : [];
  });
}

const toItems = (nodes: UserGroupNode[]): Item[] =>
  nodes.map((g) => ({ key: String(g.id), title: g.name, group: g, children: toItems(g.children) }));

const countAll = (g: UserGroupNode): number =>
  g.member_count + g.children.reduce((s, c) => s + countAll(c), 0);

function find(nodes: readonly UserGroupNode[], id: number): UserGroupNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** 用户组 (设置中心 › 组织架构): the tenant's user groups as a tree with their member counts. */
export default function UserGroupPage() {
  const groups = useQuery(userGroupsQuery);
  const [keyword, setKeyword] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const all = useMemo(() => groups.data ?? [], [groups.data]);
  const items = useMemo(() => toItems(filterGroups(all, keyword)), [all, keyword]);
  const selected = selectedId !== null ? find(all, selectedId) : all[0];

  return (
    <div className="fk-split" data-testid="user-group-page">
      <div className="fk-panel fk-org-side">
        <div className="fk-org-side-head">
          <div className="fk-page-title">用户组</div>
        </div>
        <Input.Search allowClear placeholder="搜索用户组" onChange={(e) => setKeyword(e.target.value)} />
        <div className="fk-org-tree">
          {groups.isPending ? (
            <Skeleton active paragraph={{ rows: 5 }} />
          ) : items.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={keyword ? '没有搜索到相关内容~' : EMPTY_TEXT}
            />
          ) : (
            <Tree<Item>
              blockNode
              defaultExpandAll
              treeData={items}
              selectedKeys={selected ? [String(selected.id)] : []}
              onSelect={(_k, info) => setSelectedId(info.node.group.id)}
              titleRender={(i) => (
                <span className="fk-org-node">
                  <TeamOutlined className="fk-org-node-icon fk-org-node-icon-group" />
                  <span className="fk-org-node-name">{i.group.name}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {i.group.member_count}
                  </Typography.Text>
                </span>
              )}
            />
          )}
        </div>
      </div>
      <div className="fk-panel fk-split-main">
        {!selected ? (
          <Empty
            image={<UsergroupAddOutlined style={{ fontSize: 48, color: '#c5cbd6' }} />}
            description="还没有用户组。用户组用于按人群设置消费场景和额度发放。"
          />
        ) : (
          <>
            <div className="fk-page-title">{selected.name}</div>
            <Descriptions column={2} bordered size="middle">
              <Descriptions.Item label="直属成员">{selected.member_count} 人</Descriptions.Item>
              <Descriptions.Item label="含下级成员">{countAll(selected)} 人</Descriptions.Item>
              <Descriptions.Item label="下级用户组">
                {selected.children.length ? (
                  selected.children.map((c) => (
                    <Tag key={c.id} style={{ marginBottom: 4 }}>
                      {c.name}
                    </Tag>
                  ))
                ) : (
                  <span className="fk-muted">无</span>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="排序">{selected.order}</Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              用户组在消费场景与额度发放中作为适用人群使用。
            </Typography.Paragraph>
          </>
        )}
      </div>
    </div>
  );
}
