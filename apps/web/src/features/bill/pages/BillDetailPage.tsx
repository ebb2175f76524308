import { LeftOutlined, RightOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Grid, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useContext, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, formatMoney } from '@feikong/contracts';
import { BillBudgetPanel } from '@/features/budget';
import { billApi, type Bill } from '@/api/bill';
import { RouterMenusContext } from '@/platform/routerContext';
import { hasMenuPath } from '@/platform/routeRules';
import { confirmDelete } from '@/components/confirmDelete';
import { BillPrintButton } from '@/features/billPrint';
import { BillPaymentBlock } from '@/features/payment';
import { CustomFieldsView } from '../components/CustomFieldsView';
import { formFromBill } from '../billForm';
import { ActionDialog, type ActionKind, type ActionValues } from '../components/ActionDialog';
import { PurchaseLinesPanel } from '@/features/purchasing';
import { ApprovalTimeline } from '../components/ApprovalTimeline';
import { BillStatusTag } from '../components/BillStatusTag';
import { FeeLinesEditor } from '../components/FeeLinesEditor';
import { RelatedBillsTable } from '../components/RelatedBillsTable';
import { RiskFlagsAlert } from '../components/RiskFlags';
import { TripLinesEditor } from '../components/TripLinesEditor';
import { billDetailQuery, useBillMutation } from '../hooks/queries';
import type { LineInvoice } from '../types';
import { queuePlace, readTodoQueue, TODO_LIST, todoDetailPath } from '../todoQueue';
import '../billDetail.css';

const INVOICE_DETAIL = '/scenes/invoiceCenter/invoiceDetail';
/** The actions a phone shows in the bottom bar rather than in the card's head. */
const PHONE_BAR = new Set<ActionKind>(['approve', 'reject']);

/** The step waiting now, from the open tasks (grouped by node). */
function currentStep(b: Bill) {
  if (b.status !== 'approving' || b.currentTasks.length === 0) return null;
  const node = b.currentTasks[0];
  return {
    nodeName: node.nodeName,
    approverNames: b.currentTasks
      .filter((t) => t.nodeId === node.nodeId)
      .map((t) => (t.onBehalfOfText ? `${t.assigneeName}（${t.onBehalfOfText}）` : t.assigneeName)),
  };
}

/**
 * 单据详情 (bill/BillDetail, /bill/detail?id=): the document's fields, fee lines with their invoices, trips,
 * 关联单据 and the approval timeline, with the caller's actions as the server's `actions` allow them.
 */
export default function BillDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...billDetailQuery(valid ? id : 0), enabled: valid });
  if (!valid) return <Alert type="warning" showIcon title="缺少单据ID" style={{ margin: 16 }} />;
  if (detail.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (detail.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="单据加载失败"
        style={{ margin: 16 }}
        action={<Button onClick={() => void detail.refetch()}>重试</Button>}
      />
    );
  return (
    <>
      {params.get('from') === TODO_LIST && <TodoQueueBar id={id} />}
      <Detail key={id} bill={detail.data} />
    </>
  );
}

/** 返回待办 and 上一条 / 下一条 through the queue 我的待办 opened the document from (todoQueue.ts). */
function TodoQueueBar({ id }: { id: number }) {
  const navigate = useNavigate();
  const queue = useMemo(() => readTodoQueue(), []);
  const place = queuePlace(queue, id);
  return (
    <div className="fk-todo-queue" data-testid="todo-queue">
      <Button icon={<UnorderedListOutlined />} onClick={() => navigate(`${TODO_LIST}${queue?.back ?? ''}`)}>
        返回待办
      </Button>
      {place && (
        <Space size={8}>
          <Typography.Text type="secondary" data-testid="queue-position">
            {place.index + 1} / {place.total}
          </Typography.Text>
          <Button
            icon={<LeftOutlined />}
            disabled={place.prev === null}
            onClick={() => place.prev && navigate(todoDetailPath(place.prev))}
          >
            上一条
          </Button>
          <Button
            disabled={place.next === null}
            onClick={() => place.next && navigate(todoDetailPath(place.next))}
          >
            下一条
            <RightOutlined />
          </Button>
        </Space>
      )}
    </div>
  );
}

function Detail({ bill: b }: { bill: Bill }) {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { tree } = useContext(RouterMenusContext);
  const [dialog, setDialog] = useState<ActionKind | null>(null);
  const act = useBillMutation((f: () => Promise<unknown>) => f());
  const a = b.actions;
  // A phone: 同意 / 驳回 sit in a bar at the bottom of the screen, always within reach.
  const phone = Grid.useBreakpoint().md === false;
  const taskId = b.myTasks[0]?.taskId;
  const view = formFromBill(b);
  const openInvoice = hasMenuPath(tree, INVOICE_DETAIL)
    ? (i: LineInvoice) => navigate(`${INVOICE_DETAIL}?invoiceId=${i.id}`)
    : undefined;

  const run = async (kind: ActionKind, v: ActionValues) => {
    const calls: Record<ActionKind, () => Promise<unknown>> = {
      approve: () => billApi.approve({ id: b.id, taskId, opinion: v.opinion, ccStaffIds: v.staffIds }),
      reject: () => billApi.reject({ id: b.id, taskId, opinion: v.opinion, backTo: v.backTo || undefined }),
      transfer: () => billApi.transfer({ id: b.id, taskId, toStaffId: v.staffIds[0], opinion: v.opinion }),
      delegate: () => billApi.delegate({ id: b.id, taskId, toStaffId: v.staffIds[0], opinion: v.opinion }),
      resolve: () => billApi.resolve({ id: b.id, taskId, opinion: v.opinion }),
      addSign: () =>
        billApi.addSign({ id: b.id, taskId, type: v.signType, staffIds: v.staffIds, opinion: v.opinion }),
      opinion: () => billApi.opinion(b.id, v.opinion),
      withdraw: () => billApi.withdraw(b.id, v.opinion),
      urge: () => billApi.urge(b.id, v.opinion),
    };
    await act.mutateAsync(calls[kind]);
    setDialog(null);
    void message.success('操作成功');
  };

  const buttons: { kind: ActionKind; show: boolean; label: string; primary?: boolean; danger?: boolean }[] = [
    { kind: 'approve', show: a.canApprove, label: '同意', primary: true },
    { kind: 'reject', show: a.canReject, label: '驳回', danger: true },
    { kind: 'transfer', show: a.canTransfer, label: '转办' },
    { kind: 'delegate', show: a.canDelegate, label: '委派' },
    { kind: 'resolve', show: a.canResolve, label: '交回' },
    { kind: 'addSign', show: a.canAddSign, label: '加签' },
    { kind: 'withdraw', show: a.canWithdraw, label: '撤回' },
    { kind: 'urge', show: a.canUrge, label: '催办' },
    { kind: 'opinion', show: a.canOpinion, label: '评论' },
  ];

  return (
    <div data-testid="bill-detail" className={`fk-bill-detail${phone ? ' fk-bill-detail-phone' : ''}`}>
      <Card
        className="fk-panel fk-bill-head"
        title={
          <Space>
            <span>{b.title}</span>
            <BillStatusTag status={b.status} text={b.statusText} />
          </Space>
        }
        extra={
          <Space wrap data-testid="bill-actions">
            {buttons
              .filter((x) => x.show && !(phone && PHONE_BAR.has(x.kind)))
              .map((x) => (
                <Button
                  key={x.kind}
                  type={x.primary ? 'primary' : 'default'}
                  danger={x.danger}
                  onClick={() => setDialog(x.kind)}
                >
                  {x.label}
                </Button>
              ))}
            {a.canEdit && (
              <Button onClick={() => navigate(`/bill/edit?type=${b.billType}&id=${b.id}`)}>编辑</Button>
            )}
            {a.canCopy && (
              <Button
                onClick={async () => {
                  const made = await act.mutateAsync(() => billApi.copy(b.id));
                  const saved = made as { id: number; billNumber: string };
                  void message.success(`已复制为草稿 ${saved.billNumber}`);
                  navigate(`/bill/edit?type=${b.billType}&id=${saved.id}`);
                }}
              >
                复制
              </Button>
            )}
            {a.canDelete && (
              <Button
                danger
                onClick={() =>
                  confirmDelete(
                    { modal, message },
                    {
                      content: `确定删除单据【${b.billNumber}】吗？`,
                      remove: () => act.mutateAsync(() => billApi.remove(b.id)),
                      then: () => navigate(-1),
                    },
                  )
                }
              >
                删除
              </Button>
            )}
            {a.canPrint && <BillPrintButton billId={b.id} />}
          </Space>
        }
      >
        <RiskFlagsAlert flags={b.riskFlags} />
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 2, lg: 3 }} bordered>
          <Descriptions.Item label="单据编号">{b.billNumber}</Descriptions.Item>
          <Descriptions.Item label="单据类型">{b.billTypeText}</Descriptions.Item>
          <Descriptions.Item label="金额（元）">
            <b data-testid="bill-detail-amount">¥{formatMoney(b.amount)}</b>
          </Descriptions.Item>
          <Descriptions.Item label="提交人">{b.submitterName}</Descriptions.Item>
          <Descriptions.Item label="费用承担部门">{b.deptName || '—'}</Descriptions.Item>
          <Descriptions.Item label="费用承担公司">{b.orgName || '—'}</Descriptions.Item>
          <Descriptions.Item label="审批流程">{b.flowName || '—'}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{formatDateTime(b.submitTime) || '—'}</Descriptions.Item>
          <Descriptions.Item label="完成时间">{formatDateTime(b.finishTime) || '—'}</Descriptions.Item>
          {b.loanBillNumber ? <Descriptions.Item label="借款单">{b.loanBillNumber}</Descriptions.Item> : null}
          <Descriptions.Item label="备注" span={{ xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 3 }}>
            {b.remark || '—'}
          </Descriptions.Item>
        </Descriptions>
        <CustomFieldsView billId={b.id} formValues={b.formValues} />
        <BillBudgetPanel
          lines={b.budgetLines}
          personal={b.budgetPersonal}
          feeTypeNames={Object.fromEntries(b.fees.map((f) => [f.feeType, f.feeTypeText]))}
        />
        {b.removableSigns.length > 0 && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            title="我加签的审批人"
            description={
              <Space wrap>
                {b.removableSigns.map((t) => (
                  <Popconfirm
                    key={t.taskId}
                    title={`减签：移除 ${t.assigneeName}？`}
                    onConfirm={async () => {
                      await act.mutateAsync(() => billApi.removeSign({ id: b.id, taskId: t.taskId }));
                      void message.success('已减签');
                    }}
                  >
                    <Button size="small">
                      {t.assigneeName}（{t.statusText}） 减签
                    </Button>
                  </Popconfirm>
                ))}
              </Space>
            }
          />
        )}
      </Card>
      <div className="fk-bill-columns">
        <div className="fk-bill-main">
          {b.billType === 'purchase' && (
            <Card className="fk-panel" title="采购明细" size="small">
              <PurchaseLinesPanel billId={b.id} status={b.status} />
            </Card>
          )}
          {b.fees.length > 0 && (
            <Card className="fk-panel" title="费用明细" size="small">
              <FeeLinesEditor readOnly value={view.fees} onOpenInvoice={openInvoice} />
            </Card>
          )}
          {b.trips.length > 0 && (
            <Card className="fk-panel" title="行程" size="small">
              <TripLinesEditor readOnly value={view.trips} />
            </Card>
          )}
          {b.status === 'approved' && (b.billType === 'expense' || b.billType === 'loan') && (
            <BillPaymentBlock billId={b.id} />
          )}
          <Card className="fk-panel" title="关联单据" size="small">
            <RelatedBillsTable rows={view.related} onOpen={(r) => navigate(`/bill/detail?id=${r.id}`)} />
          </Card>
        </div>
        <Card className="fk-panel" title="审批记录" size="small">
          <ApprovalTimeline records={b.approvalRecord.map((r) => ({ ...r }))} current={currentStep(b)} />
          {b.status === 'approving' && b.actions.canUrge && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              长时间未审批可点击“催办”提醒审批人。
            </Typography.Text>
          )}
        </Card>
      </div>
      {phone && buttons.some((x) => x.show && PHONE_BAR.has(x.kind)) && (
        <div className="fk-bill-phone-bar" data-testid="bill-phone-actions">
          {buttons
            .filter((x) => x.show && PHONE_BAR.has(x.kind))
            .map((x) => (
              <Button
                key={x.kind}
                block
                size="large"
                type={x.primary ? 'primary' : 'default'}
                danger={x.danger}
                onClick={() => setDialog(x.kind)}
              >
                {x.label}
              </Button>
            ))}
        </div>
      )}
      {dialog && (
        <ActionDialog
          kind={dialog}
          rejectNodes={b.rejectNodes}
          onClose={() => setDialog(null)}
          onOk={(v) => run(dialog, v)}
        />
      )}
    </div>
  );
}
