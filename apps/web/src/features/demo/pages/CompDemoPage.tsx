import {
  App,
  Button,
  Card,
  Col,
  Row,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import { useMemo, useState } from 'react';
import { formatDateTime, formatMoney } from '@feikong/contracts';
import { Access, useAccess } from '@/components/Access';
import { getBehaviourLog, logBehaviour } from '@/components/behaviourLog';
import { Dialog, type DialogProps } from '@/components/Dialog/Dialog';
import { useDebouncedClick } from '@/components/directives';
import { columnFilter } from '@/components/filters/ColumnFilters';
import { decodeFilter, filterParams, type AutocompleteItem } from '@/components/filters/rules';

/** Demo rows shaped like the invoice list (spec §3): money in cents, dates in ms. */
interface DemoRow {
  id: number;
  typeText: string;
  sellerName: string;
  billingDate: number;
  amountTax: number;
}
const day = 86_400_000;
const base = new Date(2026, 9, 1).getTime();
const SELLERS = [
  '上海云杉科技有限公司',
  '北京远望商贸有限公司',
  '深圳前海数智服务有限公司',
  '杭州西溪餐饮管理有限公司',
];
const ROWS: DemoRow[] = [
  {
    id: 1,
    typeText: '增值税专用发票',
    sellerName: SELLERS[0],
    billingDate: base + 2 * day,
    amountTax: 1_280_000,
  },
  {
    id: 2,
    typeText: '增值税普通发票',
    sellerName: SELLERS[1],
    billingDate: base + 5 * day,
    amountTax: 35_650,
  },
  { id: 3, typeText: '火车票', sellerName: SELLERS[2], billingDate: base + 9 * day, amountTax: 55_300 },
  {
    id: 4,
    typeText: '增值税电子普通发票',
    sellerName: SELLERS[3],
    billingDate: base + 12 * day,
    amountTax: 8_800,
  },
  {
    id: 5,
    typeText: '航空运输电子客票行程单',
    sellerName: SELLERS[0],
    billingDate: base + 20 * day,
    amountTax: 142_000,
  },
];

/** The demo's "server": seller names containing the keyword. */
async function searchSellers(keyword: string): Promise<AutocompleteItem[]> {
  await new Promise((r) => setTimeout(r, 150));
  return SELLERS.filter((s) => s.includes(keyword)).map((name, i) => ({
    id: i + 1,
    name,
    org_name: '销售方',
  }));
}

type DialogDemo = { key: string; label: string; props: Partial<DialogProps>; body?: string };
const DIALOGS: DialogDemo[] = [
  { key: 'default', label: '默认弹窗 600×520', props: {} },
  {
    key: 'zoom',
    label: '最大化 / 拖动 / 调整大小',
    props: { showZoom: true, resize: true, draggable: true },
  },
  { key: 'closeMsg', label: '关闭前确认', props: { closeMsg: '内容尚未保存，确定关闭吗？' } },
  { key: 'onlyClose', label: '仅关闭按钮', props: { onlyCloseFooter: true, closeBtnText: '我知道了' } },
  { key: 'loading', label: '内容加载中', props: { loading: true, loadingText: '正在加载数据…' } },
  { key: 'async', label: '异步确认（1.5 秒）', props: {} },
  {
    key: 'texts',
    label: '自定义按钮 / 禁用确认',
    props: { cancelBtnText: '返回', confirmBtnText: '提交审批', disabled: true },
  },
  {
    key: 'position',
    label: '指定位置、无关闭图标',
    props: { position: { top: 40, left: 80 }, showclose: false },
  },
  { key: 'noFooter', label: '无底部按钮', props: { showFooter: false, width: 460, height: 320 } },
  { key: 'remember', label: '记住大小和位置', props: { remember: true, showZoom: true, resize: true } },
  { key: 'small', label: '小于最小尺寸（自动 460×320）', props: { width: 300, height: 200 } },
];

/** /compDemo: the shared components (spec §2.5) with their options, for review and browser tests. */
export default function CompDemoPage() {
  const { message } = App.useApp();
  const { perms, can } = useAccess();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [filters, setFilters] = useState<Record<string, readonly unknown[] | null>>({});
  const [clicks, setClicks] = useState(0);
  const [accessError, setAccessError] = useState('');
  const [logVersion, setLogVersion] = useState(0);
  const onSave = useDebouncedClick(() => {
    setClicks((n) => n + 1);
    logBehaviour('demo', '点击了防重复提交按钮');
  });

  const rows = useMemo(() => {
    const params = filterParams(filters);
    return ROWS.filter((r) => {
      const type = decodeFilter(filters.typeText);
      if (type && !r.typeText.includes(String(type.data))) return false;
      if (params.sellerName !== undefined && r.sellerName !== SELLERS[Number(params.sellerName) - 1])
        return false;
      if (params.min_billingDate !== undefined && r.billingDate < Number(params.min_billingDate))
        return false;
      if (params.max_billingDate !== undefined && r.billingDate > Number(params.max_billingDate))
        return false;
      if (params.min_amountTax !== undefined && r.amountTax < Number(params.min_amountTax)) return false;
      if (params.max_amountTax !== undefined && r.amountTax > Number(params.max_amountTax)) return false;
      return true;
    });
  }, [filters]);

  const columns: TableColumnsType<DemoRow> = [
    {
      title: '发票类型',
      dataIndex: 'typeText',
      key: 'typeText',
      ...columnFilter.text('typeText', '输入发票类型'),
    },
    {
      title: '销售方',
      dataIndex: 'sellerName',
      key: 'sellerName',
      ...columnFilter.autocomplete({
        field: 'sellerName',
        fetch: searchSellers,
        placeholder: '至少输入3个字搜索',
      }),
    },
    {
      title: '开票日期',
      dataIndex: 'billingDate',
      key: 'billingDate',
      render: (t: number) => formatDateTime(t, 'YYYY-MM-DD'),
      ...columnFilter.dateRange('billingDate', {
        rangeCanSingle: false,
        message: '请选择完整的开票日期范围',
      }),
    },
    {
      title: '价税合计（元）',
      dataIndex: 'amountTax',
      key: 'amountTax',
      align: 'right',
      render: (c: number) => formatMoney(c),
      ...columnFilter.moneyRange('amountTax'),
    },
  ];
  const onTableChange: TableProps<DemoRow>['onChange'] = (_p, f) => setFilters(f);

  const demo = DIALOGS.find((d) => d.key === openKey);
  return (
    <div data-testid="comp-demo-page">
      <Row gutter={[12, 12]}>
        <Col span={24}>
          <Card title="通用弹窗 Dialog" size="small">
            <Space wrap>
              {DIALOGS.map((d) => (
                <Button key={d.key} onClick={() => setOpenKey(d.key)}>
                  {d.label}
                </Button>
              ))}
            </Space>
          </Card>
        </Col>
        <Col span={24}>
          <Card title="表格列筛选：文本 / 联想 / 日期范围 / 金额范围" size="small">
            <Table<DemoRow>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={rows}
              pagination={false}
              onChange={onTableChange}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              请求参数：<code data-testid="filter-params">{JSON.stringify(filterParams(filters))}</code>
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="权限控制 Access" size="small">
            <Typography.Paragraph>
              当前权限：
              {perms.length ? perms.map((p) => <Tag key={p}>{p}</Tag>) : <Tag>无</Tag>}
            </Typography.Paragraph>
            <Space wrap>
              <Access
                perms={['permissionGroup:edit']}
                fallback={<Tag color="default">无编辑权限，按钮已移除</Tag>}
              >
                <Button type="primary" data-testid="access-demo-button">
                  编辑权限组
                </Button>
              </Access>
              <Button
                onClick={() => {
                  try {
                    can('permissionGroup:edit' as unknown as string[]);
                  } catch (e) {
                    setAccessError((e as Error).message);
                  }
                }}
              >
                传入非数组
              </Button>
            </Space>
            {accessError && (
              <Typography.Paragraph type="danger" style={{ marginTop: 8, marginBottom: 0 }}>
                {accessError}
              </Typography.Paragraph>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="防重复点击（2 秒）" size="small">
            <Space>
              <Button type="primary" onClick={onSave} data-testid="debounce-button">
                保存
              </Button>
              <span data-testid="debounce-count">已提交 {clicks} 次</span>
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            title="行为日志（最近 5 条）"
            size="small"
            extra={
              <Button size="small" type="link" onClick={() => setLogVersion((v) => v + 1)}>
                刷新
              </Button>
            }
          >
            <ul style={{ margin: 0, paddingLeft: 18 }} key={logVersion}>
              {getBehaviourLog()
                .slice(-5)
                .reverse()
                .map((e) => (
                  <li key={`${e.time}-${e.message}`}>
                    <Typography.Text type="secondary">{formatDateTime(e.time, 'HH:mm:ss')}</Typography.Text>{' '}
                    {e.name}：{e.message}
                  </li>
                ))}
            </ul>
          </Card>
        </Col>
      </Row>
      <Dialog
        open={!!demo}
        title={demo?.label}
        {...demo?.props}
        onConfirm={
          demo?.key === 'async'
            ? () => new Promise((r) => setTimeout(r, 1500)).then(() => setOpenKey(null))
            : () => {
                void message.success('已确定');
                setOpenKey(null);
              }
        }
        onClose={() => setOpenKey(null)}
      >
        <Typography.Paragraph>
          这是通用弹窗的示例内容。默认尺寸 600×520，最小 460×320；可在标题栏拖动，可最大化 / 还原，
          可拖动右下角调整大小。
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          选项：{JSON.stringify(demo?.props ?? {})}
        </Typography.Paragraph>
      </Dialog>
    </div>
  );
}
