import { MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime, MailPageListBody, PERSONAL_NO_ORG } from '@feikong/contracts';
import { invoiceMailApi, type MailListItem } from '@/api/invoiceMail';
import { RequestError } from '@/api/http/request';
import {
  dayRange,
  ListSearch,
  ListTable,
  rangeToMs,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
  ListSelect,
} from '@/components/ListPage';
import { isPersonalAccount, useSession } from '@/stores/session';
import {
  anyPending,
  EMAIL_POLL_MS,
  emailAddressQuery,
  emailKeys,
  limitTexts,
  MAIL_STATUS_OPTIONS,
  mailResult,
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
  const u = useListParams(MailPageListBody, SNAKE_PAGE);
  const body = u.query;
  const personal = isPersonalAccount(session);
  const list = useQuery({
    queryKey: emailKeys.list(body),
    queryFn: ({ signal }) => invoiceMailApi.pageList(body, signal),
    enabled: !personal,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (anyPending(q.state.data?.items.map((m) => m.status)) ? EMAIL_POLL_MS : false),
  });
  if (personal) return <NoOrganisation />;

  const open = (m: MailListItem) => navigate(`${EMAIL_DETAIL_PATH}?id=${m.id}`);

  const columns: ListColumn<MailListItem>[] = [
    {
      title: '发件人',
      key: 'from',
      width: 220,
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
      width: 260,
      role: 'key',
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
      role: 'status',
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
      fixed: 'right',
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
        <ListTable<MailListItem>
          query={list}
          loading={list.isPending}
          what="邮件列表"
          unit="封"
          paging={u}
          columns={columns}
          testId="email-list"
          locale={{ emptyText: '还没有收到邮件' }}
          filters={
            <>
              <ListSearch
                value={body.sender}
                placeholder="发件人地址或名称"
                style={{ width: 220 }}
                onSearch={(v) => u.set({ sender: v })}
                aria-label="发件人"
              />
              <ListSelect
                u={u}
                field="status"
                placeholder="导入结果"
                options={MAIL_STATUS_OPTIONS}
                aria-label="导入结果"
              />
              <DatePicker.RangePicker
                value={dayRange(body.received_start, body.received_end)}
                onChange={(r) => {
                  const { min, max } = rangeToMs(r);
                  u.set({ received_start: min, received_end: max });
                }}
                placeholder={['接收开始日期', '接收结束日期']}
              />
            </>
          }
        />
      </Card>
    </div>
  );
}
