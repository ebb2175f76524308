import { ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '@feikong/contracts';
import { invoiceMailApi, type MailAttachment } from '@/api/invoiceMail';
import { RouterMenusContext } from '@/platform/routerContext';
import { hasMenuPath } from '@/platform/routeRules';
import { anyPending, attachmentOutcome, EMAIL_POLL_MS, emailKeys, mailResult } from '../hooks/emailInvoice';

const MY_INVOICES = '/invoice/personList';
const INVOICE_DETAIL = '/scenes/invoiceCenter/invoiceDetail';
const OUTCOME_COLOR = {
  imported: 'success',
  pending: 'processing',
  duplicate: 'warning',
  failed: 'error',
} as const;

const size = (b: number) =>
  b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(b / 1024))}KB`;

/** 邮件详情 (/emailInvoice/emailDetail?id=): headers, each invoice attachment's outcome, 重试 for refused ones. */
export default function EmailDetailPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { tree } = useContext(RouterMenusContext);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: emailKeys.detail(id),
    queryFn: ({ signal }) => invoiceMailApi.detail(id, signal),
    enabled: valid,
    refetchInterval: (q) =>
      anyPending(q.state.data?.attachments.map((a) => a.status)) ? EMAIL_POLL_MS : false,
  });
  const retry = useMutation({
    mutationFn: (a: MailAttachment) => invoiceMailApi.retry(a.id),
    onSuccess: () => {
      void message.success('已重新提交识别');
      void client.invalidateQueries({ queryKey: emailKeys.all });
    },
  });
  const canOpenInvoice = hasMenuPath(tree, INVOICE_DETAIL);
  const canListInvoices = hasMenuPath(tree, MY_INVOICES);

  const back = (
    <Button onClick={() => navigate('/emailInvoice')} data-testid="back-to-mails">
      返回专属邮箱
    </Button>
  );
  if (!valid)
    return (
      <Card title="邮件详情" extra={back}>
        <Alert type="warning" showIcon title="缺少邮件ID" />
      </Card>
    );

  const columns: TableColumnsType<MailAttachment> = [
    {
      title: '附件',
      dataIndex: 'file_name',
      render: (name: string, a) => (
        <a href={a.url} download={name}>
          {name}
        </a>
      ),
    },
    { title: '格式', dataIndex: 'file_type', width: 70, render: (t: string) => t.toUpperCase() },
    { title: '大小', dataIndex: 'size', width: 80, render: (b: number) => size(b) },
    {
      title: '导入结果',
      key: 'outcome',
      render: (_: unknown, a) => {
        const o = attachmentOutcome(a);
        return (
          <Space orientation="vertical" size={4} data-testid={`attachment-outcome-${a.id}`}>
            <Tag color={OUTCOME_COLOR[o.kind]}>
              {o.kind === 'duplicate' ? '重复发票，已拒绝' : a.status_name}
            </Tag>
            {o.kind === 'imported' ? (
              <Space size={8} wrap>
                {a.invoice_ids.map((invoiceId) =>
                  canOpenInvoice ? (
                    <Link key={invoiceId} to={`${INVOICE_DETAIL}?invoiceId=${invoiceId}`}>
                      查看发票详情
                    </Link>
                  ) : null,
                )}
                {canListInvoices && <Link to={MY_INVOICES}>在我的发票中查看</Link>}
              </Space>
            ) : o.kind === 'pending' ? null : (
              <Typography.Text type={o.kind === 'duplicate' ? 'warning' : 'danger'}>{o.text}</Typography.Text>
            )}
          </Space>
        );
      },
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_: unknown, a) =>
        attachmentOutcome(a).retry ? (
          <Button
            size="small"
            icon={<ReloadOutlined />}
            loading={retry.isPending && retry.variables?.id === a.id}
            onClick={() => retry.mutate(a)}
          >
            重试
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="fk-panel" data-testid="email-detail-page">
      <Card title="邮件详情" extra={back}>
        {detail.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : detail.isError ? (
          <Alert
            type="error"
            showIcon
            title="邮件详情加载失败"
            action={
              <Button size="small" onClick={() => void detail.refetch()}>
                重试
              </Button>
            }
          />
        ) : (
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="主题" span={2}>
              {detail.data.subject || '（无主题）'}
            </Descriptions.Item>
            <Descriptions.Item label="发件人">
              {detail.data.from_name
                ? `${detail.data.from_name} <${detail.data.mail_from}>`
                : detail.data.mail_from}
            </Descriptions.Item>
            <Descriptions.Item label="接收时间">{formatDateTime(detail.data.received_at)}</Descriptions.Item>
            <Descriptions.Item label="导入结果">
              <Tag color={mailResult(detail.data).color}>{mailResult(detail.data).text}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="发票附件">{detail.data.attachment_count} 个</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {detail.data && (
        <Card title="发票附件" style={{ marginTop: 16 }}>
          <Table<MailAttachment>
            rowKey="id"
            size="middle"
            pagination={false}
            data-testid="attachment-list"
            columns={columns}
            dataSource={detail.data.attachments}
            locale={{ emptyText: '邮件中没有可识别的发票附件（支持 PDF、OFD、XML）' }}
          />
        </Card>
      )}
    </div>
  );
}
