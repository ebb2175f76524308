import { Empty, Input, Skeleton, Tag, Tree, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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

/**
 * Check marks over the whole region tree, not only the cities a search shows: a search for 杭州 that
 * shows one city of 浙江省 must not mark the province as wholly chosen. A province is checked when
 * all its free cities are chosen, half-checked when some are.
 */
export function checkMarks(
  data: readonly ProvinceEntry[],
  value: readonly string[],
  taken: Map<string, string>,
): { checked: string[]; halfChecked: string[] } {
  const chosen = new Set(value);
  const checked = value.map(cityKey);
  const halfChecked: string[] = [];
  for (const p of data) {
    const free = p.children.filter((c) => !taken.has(c.code));
    const n = free.filter((c) => chosen.has(c.code)).length;
    if (free.length > 0 && n === free.length) checked.push(provinceKey(p.code));
    else if (n > 0) halfChecked.push(provinceKey(p.code));
  }
  return { checked, halfChecked };
}

/**
 * The codes after a click on `key` in the shown tree. A city toggles; a province toggles the free
 * cities the tree shows under it: all chosen already → they are removed, else they are added.
 */
export function toggleCheck(value: readonly string[], nodes: readonly Node[], key: string): string[] {
  if (key.startsWith('c-')) {
    const code = key.slice(2);
    return value.includes(code) ? value.filter((c) => c !== code) : [...value, code];
  }
  const province = nodes.find((p) => p.key === key);
  const shown = (province?.children ?? []).filter((c) => !c.disabled).map((c) => c.key.slice(2));
  const chosen = new Set(value);
  if (shown.every((c) => chosen.has(c))) return value.filter((c) => !shown.includes(c));
  return [...value, ...shown.filter((c) => !chosen.has(c))];
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
