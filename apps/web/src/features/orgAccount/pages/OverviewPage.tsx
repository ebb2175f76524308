import { EditOutlined, WalletOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, InputNumber, Modal, Skeleton, Space, Statistic, Table } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { yuan } from '@feikong/contracts';
import { orgAccountApi, type OrgLedgerRow } from '@/api/orgAccount';
import { useAccess } from '@/components/Access';
import { fitColumns } from '@/components/ListPage';
import { ledgerColumns } from '../components/LedgerTable';
import { RechargeDialog } from '../components/RechargeDialog';
import { ORG_ACCOUNT_PERM, ORG_ACCOUNT_ROUTES, rechargeDetailPath, toFen } from '../rules';
import '../orgAccount.css';

/**
 * 账户概览 (/scenes/orgAccount/overview): the balance, the warning threshold (editable with
 * orgAccount:edit), recharges waiting for the platform, 充值 by bank transfer, and the recent flow.
 */
export default function OverviewPage() {
  const { can } = useAccess();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const client = useQueryClient();
  const ov = useQuery({
    queryKey: ['orgAccount', 'overview'],
    queryFn: ({ signal }) => orgAccountApi.overview(signal),
  });
  const [recharging, setRecharging] = useState(false);
  const [editing, setEditing] = useState(false);
  const [threshold, setThreshold] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (fen: number) => orgAccountApi.setThreshold(fen),
    onSuccess: (data) => {
      client.setQueryData(['orgAccount', 'overview'], data);
      void client.invalidateQueries({ queryKey: ['home'] });
      void message.success('预警阈值已保存');
      setEditing(false);
    },
  });

  if (!ov.data)
    return (
      <Card>
        {ov.isError ? <Alert type="error" title="企业账户加载失败，请刷新重试" /> : <Skeleton active />}
      </Card>
    );
  const d = ov.data;
  const recentCols = fitColumns(ledgerColumns);
  return (
    <div className="fk-oa" data-testid="org-account-overview">
      {d.below_threshold && (
        <Alert
          type="warning"
          showIcon
          className="fk-oa-alert"
          title={`企业账户余额 ${yuan(d.balance)} 已低于预警阈值 ${yuan(d.warn_threshold)}，请及时充值`}
        />
      )}
      <div className="fk-oa-cards">
        <Card className="fk-oa-card fk-oa-balance">
          <Statistic
            title="账户余额（元）"
            value={yuan(d.balance).replace('¥', '')}
            prefix={<WalletOutlined />}
            data-testid="org-balance"
          />
          {can([ORG_ACCOUNT_PERM.recharge]) && (
            <Button type="primary" onClick={() => setRecharging(true)} data-testid="recharge-open">
              充值
            </Button>
          )}
        </Card>
        <Card className="fk-oa-card">
          <Statistic
            title="余额预警阈值（元）"
            value={d.warn_threshold ? yuan(d.warn_threshold).replace('¥', '') : '未设置'}
          />
          {can([ORG_ACCOUNT_PERM.edit]) && (
            <Button
              icon={<EditOutlined />}
              onClick={() => {
                setThreshold(d.warn_threshold / 100);
                setEditing(true);
              }}
              data-testid="threshold-edit"
            >
              修改阈值
            </Button>
          )}
        </Card>
        <Card className="fk-oa-card">
          <Statistic title="待确认充值" value={d.pending_recharges} suffix="笔" />
          <span className="fk-oa-muted">合计 {yuan(d.pending_amount)}</span>
          <Button type="link" onClick={() => navigate(`${ORG_ACCOUNT_ROUTES.recharge}?status=1`)}>
            充值记录
          </Button>
        </Card>
      </div>
      <Card
        title="最近流水"
        extra={
          <Button type="link" onClick={() => navigate(ORG_ACCOUNT_ROUTES.flow)}>
            查看全部
          </Button>
        }
      >
        <Table<OrgLedgerRow>
          rowKey="id"
          size="middle"
          pagination={false}
          columns={recentCols.columns}
          scroll={{ x: recentCols.width }}
          dataSource={d.recent}
          data-testid="recent-flow"
          locale={{ emptyText: '暂无流水' }}
        />
      </Card>
      <RechargeDialog
        open={recharging}
        payee={d.payee}
        onClose={() => setRecharging(false)}
        onDone={(r) => {
          void message.success(`充值已提交（${r.recharge_no}），平台确认到账后入账`);
          navigate(rechargeDetailPath(r.id));
        }}
      />
      <Modal
        open={editing}
        title="余额预警阈值"
        okText="保存"
        onOk={() => threshold !== null && save.mutate(toFen(threshold))}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(false)}
      >
        <p className="fk-oa-muted">余额低于该金额时，工作台提醒管理员，并发送消息通知；设为 0 表示不预警。</p>
        <Space>
          <InputNumber
            min={0}
            max={100_000_000}
            precision={2}
            value={threshold}
            onChange={(v) => setThreshold(v)}
            addonAfter="元"
            style={{ width: 240 }}
            data-testid="threshold-input"
          />
        </Space>
      </Modal>
    </div>
  );
}
