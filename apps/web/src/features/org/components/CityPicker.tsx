import { Empty, Input, Skeleton, Tag, Tree, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { cityDataQuery } from '../hooks/queries';
import { checkMarks, regionNodes, toggleCheck } from '../rules/cities';

/**
 * Picks cities for one city group from the GB/T 2260 region tree (city-group-data-set:list). A city
 * belongs to one group only: cities of other groups are shown disabled with that group's name.
 */

export function CityPicker({
  value,
  onChange,
  taken,
}: {
  value: string[];
  onChange: (codes: string[]) => void;
  taken: Map<string, string>;
}) {
  const data = useQuery(cityDataQuery);
  const [keyword, setKeyword] = useState('');
  const nodes = useMemo(() => regionNodes(data.data ?? [], taken, keyword), [data.data, taken, keyword]);
  const names = useMemo(() => {
    const m = new Map<string, { name: string; province: string }>();
    for (const p of data.data ?? [])
      for (const c of p.children) m.set(c.code, { name: c.name, province: p.name });
    return m;
  }, [data.data]);

  const marks = useMemo(() => checkMarks(data.data ?? [], value, taken), [data.data, value, taken]);

  return (
    <div className="fk-city-picker" data-testid="city-picker">
      <div className="fk-city-picker-col">
        <Input.Search allowClear placeholder="搜索省份或城市" onChange={(e) => setKeyword(e.target.value)} />
        <div className="fk-city-picker-scroll">
          {data.isPending ? (
            <Skeleton active />
          ) : nodes.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有搜索到相关内容~" />
          ) : (
            <Tree
              checkable
              // The marks are computed over the whole tree (checkMarks), not the searched part of it.
              checkStrictly
              selectable={false}
              treeData={nodes}
              defaultExpandAll={!!keyword.trim()}
              key={keyword.trim() ? `search-${keyword.trim()}` : 'all'}
              checkedKeys={marks}
              onCheck={(_, info) => onChange(toggleCheck(value, nodes, String(info.node.key)))}
            />
          )}
        </div>
      </div>
      <div className="fk-city-picker-col">
        <Typography.Text strong>已选 {value.length} 个城市</Typography.Text>
        <div className="fk-city-picker-scroll">
          {value.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="在左侧勾选城市" />
          ) : (
            value.map((code) => (
              <Tag
                key={code}
                closable
                style={{ marginBottom: 6 }}
                onClose={(e) => {
                  e.preventDefault();
                  onChange(value.filter((c) => c !== code));
                }}
              >
                {names.get(code)?.name ?? code}
              </Tag>
            ))
          )}
        </div>
      </div>
    </div>
  );
}
