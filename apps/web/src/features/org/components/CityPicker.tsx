import { Empty, Input, Skeleton, Tag, Tree, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type Key } from 'react';
import type { CityGroup, ProvinceEntry } from '../../../api/org';
import { cityDataQuery } from '../hooks/queries';

/**
 * Picks cities for one city group from the GB/T 2260 region tree (city-group-data-set:list). A city
 * belongs to one group only: cities of other groups are shown disabled with that group's name.
 */

const cityKey = (code: string) => `c-${code}`;
const provinceKey = (code: string) => `p-${code}`;

/** code → the name of the other group that holds it. */
export function takenCities(groups: readonly CityGroup[], ownId: number | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const g of groups) if (g.id !== ownId) for (const c of g.cities) map.set(c.code, g.name);
  return map;
}

interface Node {
  key: string;
  title: string;
  disabled?: boolean;
  children?: Node[];
}

export function regionNodes(
  data: readonly ProvinceEntry[],
  taken: Map<string, string>,
  keyword: string,
): Node[] {
  const kw = keyword.trim();
  return data.flatMap((p) => {
    const provinceHit = !kw || p.name.includes(kw);
    const cities = p.children.filter((c) => provinceHit || c.name.includes(kw));
    if (cities.length === 0) return [];
    return [
      {
        key: provinceKey(p.code),
        title: p.name,
        disabled: cities.every((c) => taken.has(c.code)),
        children: cities.map((c) => ({
          key: cityKey(c.code),
          title: taken.has(c.code) ? `${c.name}（${taken.get(c.code)}）` : c.name,
          disabled: taken.has(c.code),
        })),
      },
    ];
  });
}

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

  const visibleCodes = useMemo(
    () => new Set(nodes.flatMap((p) => (p.children ?? []).map((c) => c.key.slice(2)))),
    [nodes],
  );

  const onCheck = (checked: Key[] | { checked: Key[] }) => {
    const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
    const nowVisible = keys.filter((k) => k.startsWith('c-')).map((k) => k.slice(2));
    // Codes hidden by the search stay as they were.
    const hidden = value.filter((c) => !visibleCodes.has(c));
    onChange([...new Set([...hidden, ...nowVisible])]);
  };

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
              selectable={false}
              treeData={nodes}
              defaultExpandAll={!!keyword.trim()}
              key={keyword.trim() ? `search-${keyword.trim()}` : 'all'}
              checkedKeys={value.map(cityKey)}
              onCheck={onCheck}
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
