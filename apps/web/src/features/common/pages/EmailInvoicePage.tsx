import { MailOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Input,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, PERSONAL_NO_ORG } from '@feikong/contracts';
import { invoiceMailApi, type MailListItem } from '@/api/invoiceMail';
import { RequestError } from '@/api/http/request';
import { isPersonalAccount, useSession } from '@/stores/session';
import {
  anyPending,
  EMAIL_PAGE_SIZE,
  EMAIL_POLL_MS,
  emailAddressQuery,
  emailKeys,
  filtersFromParams,
  limitTexts,
  listBody,
  MAIL_STATUS_OPTIONS,
  mailResult,
  paramsFromFilters,
  type EmailFilters,
} from '../hooks/emailInvoice';

export const EMAIL_DETAIL_PATH = '/emailInvoice/emailDetail';

function NoOrganisation() {
  return (
    <div className="fk-panel" data-testid="email-invoice-page">
      <Result
        status="info"
        title={PERSONAL_NO_ORG}
        subTitle="专属邮箱属于您在组织中的身份：加入组织后，即可在这里获得邮箱地址，把电子发票发到该地址自动导入我的发票。"
      />
    </div>
  );
}

function AddressCard() {
  const address = useQuery(emailAddressQuery);
  if (address.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  if (address.isError) {
    const err = address.error;
    if (err instanceof RequestError && err.status === 403)
      return <Alert type="info" showIcon title={PERSONAL_NO_ORG} />;
    return (
      <Alert
        type="error"
        showIcon
        title="专属邮箱地址加载失败"
        description={err instanceof RequestError ? err.msg : undefined}
        action={
          <Button size="small" onClick={() => void address.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  return (
    <Card data-testid="email-address-card">
      <Space align="center" size={12} wrap>
        <MailOutlined style={{ fontSize: 22, color: '#1f6fff' }} />
        <Typography.Text type="secondary">我的专属邮箱</Typography.Text>
        <Typography.Text
          strong
          copyable={{ tooltips: ['复制', '已复制'] }}
          style={{ fontSize: 18 }}
          data-testid="email-address"
        >
          {address.data.address}
        </Typography.Text>
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
        把收到的电子发票转发或抄送到这个地址，邮件中的发票附件会自动识别并导入“我的发票”（来源：邮箱导入），查验、重复和合规检查与手工录入相同。
      </Typography.Paragraph>
      <ul
        style={{ margin: '4px 0 0', paddingLeft: 20, color: 'rgba(0,0,0,0.45)' }}
        data-testid="email-limits"
      >
        {limitTexts(address.data.limits).map((t) => (
          <li key={t}>{t}</li>
        ))}
        <li>发票图片、正文中的链接不会被识别，请以附件形式发送</li>
      </ul>
    </Card>
  );
}

/** 专属邮箱 (/emailInvoice): the person's address, what to send, and the mails received (filters in the URL). */
export default function EmailInvoicePage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const personal = isPersonalAccount(session);
  const body = listBody(filters);
  const list = useQuery({
    queryKey: emailKeys.list(body),
    queryFn: ({ signal }) => invoiceMailApi.pageList(body, signal),
    enabled: !personal,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (anyPending(q.state.data?.items.map((m) => m.status)) ? EMAIL_POLL_MS : false),
  });
  if (personal) return <NoOrganisation />;

  const apply = (patch: Partial<EmailFilters>) =>
    setParams(paramsFromFilters({ ...filters, page: 1, ...patch }), { replace: true });
  const open = (m: MailListItem) => navigate(`${EMAIL_DETAIL_PATH}?id=${m.id}`);

  const columns: TableColumnsType<MailListItem> = [
    {
      title: '发件人',
      key: 'from',
      render: (_: unknown, m) => (
        <div>
          <div>{m.from_name || m.mail_from}</div>
          {m.from_name && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {m.mail_from}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: '主题',
      dataIndex: 'subject',
      render: (s: string, m) => (
        <Typography.Link onClick={() => open(m)}>{s || '（无主题）'}</Typography.Link>
      ),
    },
    { title: '接收时间', dataIndex: 'received_at', width: 170, render: (v: number) => formatDateTime(v) },
    { title: '发票附件', dataIndex: 'attachment_count', width: 90, align: 'right' },
    {
      title: '导入结果',
      key: 'result',
      width: 260,
      render: (_: unknown, m) => {
        const r = mailResult(m);
        return (
          <div>
            <Tag color={r.color} data-testid={`mail-result-${m.id}`}>
              {r.text}
            </Tag>
            {m.failure_reason && (
              <Typography.Paragraph
                type="secondary"
                style={{ fontSize: 12, margin: '4px 0 0' }}
                ellipsis={{ rows: 2, tooltip: m.failure_reason }}
              >
                {m.failure_reason}
              </Typography.Paragraph>
            )}
          </div>
        );
      },
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_: unknown, m) => (
        <Button type="link" size="small" onClick={() => open(m)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <div className="fk-panel" data-testid="email-invoice-page">
      <div className="fk-page-title">专属邮箱</div>
      <AddressCard />
      <Card
        title="收到的邮件"
        style={{ marginTop: 16 }}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching}>
            刷新
          </Button>
        }
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            key={filters.sender ?? ''}
            allowClear
            placeholder="发件人地址或名称"
            defaultValue={filters.sender}
            onSearch={(v) => apply({ sender: v.trim() || undefined })}
            style={{ width: 220 }}
            aria-label="发件人"
          />
          <Select
            allowClear
            placeholder="导入结果"
            style={{ width: 140 }}
            value={filters.status}
            options={MAIL_STATUS_OPTIONS}
            onChange={(v?: number) => apply({ status: v })}
            aria-label="导入结果"
          />
          <DatePicker.RangePicker
            value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
            onChange={(r) => apply({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
            placeholder={['接收开始日期', '接收结束日期']}
          />
        </Space>
        {list.isError ? (
          <Alert
            type="error"
            showIcon
            title="邮件列表加载失败"
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                重试
              </Button>
            }
          />
        ) : (
          <Table<MailListItem>
            rowKey="id"
            size="middle"
            data-testid="email-list"
            columns={columns}
            dataSource={list.data?.items}
            loading={list.isPending}
            locale={{ emptyText: '还没有收到邮件' }}
            pagination={{
              current: filters.page,
              pageSize: EMAIL_PAGE_SIZE,
              total: list.data?.page.total ?? 0,
              showSizeChanger: false,
              showTotal: (t) => `共 ${t} 封`,
              onChange: (page) => setParams(paramsFromFilters({ ...filters, page }), { replace: true }),
            }}
          />
        )}
      </Card>
    </div>
  );
}
