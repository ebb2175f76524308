import { DeleteOutlined, EditOutlined, EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Form, Input, InputNumber, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { EMPTY_TEXT, formatDateTime } from '@feikong/contracts';
import { orgApi, type CityEntry, type CityGroup } from '@/api/org';
import { Access } from '@/components/Access';
import { Dialog } from '@/components/Dialog/Dialog';
import { confirmDelete } from '@/components/confirmDelete';
import { EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import { CityPicker } from '../components/CityPicker';
import { takenCities } from '../rules/cities';
import { cityGroupsQuery, orgKeys, ORG_PERM } from '../hooks/queries';
import '../org.css';

/** Cities grouped by province, in the order they come. */
export function byProvince(cities: readonly CityEntry[]): { province: string; cities: CityEntry[] }[] {
  const map = new Map<string, CityEntry[]>();
  for (const c of cities) map.set(c.province_name, [...(map.get(c.province_name) ?? []), c]);
  return [...map.entries()].map(([province, list]) => ({ province, cities: list }));
}

interface BaseForm {
  name: string;
  order?: number;
}

/**
 * 城市维护 (设置中心 › 组织架构): city groups for travel standards (一线城市 …). Each group holds
 * cities picked from the region tree; a city belongs to one group only.
 */
export default function CityGroupPage() {
  const app = App.useApp();
  const { message } = app;
  const client = useQueryClient();
  const groups = useQuery(cityGroupsQuery);
  const list = useMemo(() => groups.data ?? [], [groups.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [picking, setPicking] = useState<CityGroup | null>(null);
  const [codes, setCodes] = useState<string[]>([]);

  const selected = list.find((g) => g.id === selectedId) ?? list[0];
  useEffect(() => {
    if (selectedId === null && list[0]) setSelectedId(list[0].id);
  }, [selectedId, list]);
  const taken = useMemo(() => takenCities(list, picking?.id ?? null), [list, picking]);

  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.cityGroups });

  const base = useEditDialog<CityGroup, BaseForm>({
    initial: (g) => (g === 'new' ? undefined : { name: g.name, order: g.order }),
    submit: async (v, g) => {
      if (g === 'new') {
        const r = await orgApi.createCityGroup({ name: v.name.trim(), order: v.order ?? 0 });
        setSelectedId(r.id);
      } else await orgApi.updateCityGroupBase({ id: g.id, name: v.name.trim(), order: v.order ?? 0 });
    },
    fields: ['name', 'order'],
    createdText: '新增成功，请为城市组选择城市',
    refresh,
  });

  const openPicker = (g: CityGroup) => {
    setPicking(g);
    setCodes(g.cities.map((c) => c.code));
  };

  const saveCities = async () => {
    if (!picking) return;
    const r = await orgApi.updateCityGroupCities(picking.id, codes);
    void message.success(`已保存，共 ${r.city_count} 个城市`);
    setPicking(null);
    await refresh();
  };

  const remove = (g: CityGroup) =>
    confirmDelete(app, {
      content: `确定删除城市组【${g.name}】吗？组内 ${g.city_count} 个城市将不再属于任何城市组。`,
      remove: () => orgApi.deleteCityGroup(g.id),
      then: () => {
        setSelectedId(null);
        return refresh();
      },
    });

  return (
    <div className="fk-split" data-testid="city-group-page">
      <div className="fk-panel fk-group-list">
        <div className="fk-toolbar" style={{ marginBottom: 8 }}>
          <div className="fk-page-title" style={{ margin: 0 }}>
            城市组
          </div>
          <Access perms={[ORG_PERM.cityGroupEdit]}>
            <Button
              size="small"
              type="primary"
              ghost
              icon={<PlusOutlined />}
              onClick={() => base.open('new')}
            >
              新增
            </Button>
          </Access>
        </div>
        {groups.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />
        ) : (
          <ul className="fk-group-items" role="listbox" aria-label="城市组">
            {list.map((g) => (
              <li key={g.id} role="option" aria-selected={g.id === selected?.id}>
                <button
                  type="button"
                  className={g.id === selected?.id ? 'fk-group-item fk-group-item-active' : 'fk-group-item'}
                  onClick={() => setSelectedId(g.id)}
                >
                  <EnvironmentOutlined />
                  <span className="fk-group-name">{g.name}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {g.city_count}个
                  </Typography.Text>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="fk-panel fk-split-main">
        {!selected ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="新增一个城市组，例如“一线城市”，用于差旅标准按城市分档"
          />
        ) : (
          <>
            <div className="fk-toolbar">
              <div>
                <div className="fk-page-title" style={{ margin: 0 }}>
                  {selected.name}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  共 {selected.city_count} 个城市 · 更新于 {formatDateTime(selected.updated_at)}
                </Typography.Text>
              </div>
              <Access perms={[ORG_PERM.cityGroupEdit]}>
                <Space>
                  <Button type="primary" icon={<EnvironmentOutlined />} onClick={() => openPicker(selected)}>
                    选择城市
                  </Button>
                  <Button icon={<EditOutlined />} onClick={() => base.open(selected)}>
                    重命名
                  </Button>
                  <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
                    删除
                  </Button>
                </Space>
              </Access>
            </div>
            {selected.cities.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该城市组还没有城市" />
            ) : (
              byProvince(selected.cities).map((p) => (
                <div key={p.province} className="fk-city-province">
                  <div className="fk-city-province-name">{p.province}</div>
                  <Space size={[6, 6]} wrap>
                    {p.cities.map((c) => (
                      <Tag key={c.code} color="blue" bordered={false}>
                        {c.name}
                      </Tag>
                    ))}
                  </Space>
                </div>
              ))
            )}
          </>
        )}
      </div>
      <EditDialog state={base} noun="城市组" width={480} height={340}>
        <Form.Item
          label="城市组名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入城市组名称' },
            { max: 50, message: '不能超过50个字符' },
          ]}
        >
          <Input maxLength={50} placeholder="例如：一线城市" />
        </Form.Item>
        <Form.Item label="排序" name="order">
          <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} placeholder="0" />
        </Form.Item>
      </EditDialog>
      <Dialog
        open={picking !== null}
        title={`选择城市 · ${picking?.name ?? ''}`}
        width={760}
        height={600}
        showZoom
        onConfirm={saveCities}
        onClose={() => setPicking(null)}
      >
        <CityPicker value={codes} onChange={setCodes} taken={taken} />
      </Dialog>
    </div>
  );
}
