import { Alert, App, Button, Modal, Select, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { VOUCHER_ACCOUNT_CATEGORY_LABEL, type VoucherSettingItem } from '@feikong/contracts';
import { voucherApi, type VoucherSettings } from '@/api/invoiceVoucher';
import { RequestError } from '@/api/http/request';
import { useAccess } from '@/components/Access';
import { VOUCHER_PERM, voucherKeys, voucherSettingsQuery } from '../hooks/voucherQueries';

type Item = VoucherSettings['items'][number];

/** 科目设置: which account each invoice kind posts to, the input-VAT and the credit account. */
export function VoucherSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const { can } = useAccess();
  const mayEdit = can([VOUCHER_PERM.edit]);
  const qc = useQueryClient();
  const settings = useQuery({ ...voucherSettingsQuery, enabled: open });
  const [changes, setChanges] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      voucherApi.saveSettings({
        items: Object.entries(changes).map(([item, accountCode]) => ({
          item: item as VoucherSettingItem,
          accountCode,
        })),
      }),
    onSuccess: (s) => {
      qc.setQueryData(voucherKeys.settings, s);
      setChanges({});
      setError(null);
      message.success('科目设置已保存，之后生成的凭证按新科目入账');
      onClose();
    },
    onError: (e) => setError(e instanceof RequestError ? e.message : '保存失败'),
  });
  const accounts = settings.data?.accounts ?? [];
  const close = () => {
    setChanges({});
    setError(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title="科目设置"
      width={760}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{mayEdit ? '取消' : '关闭'}</Button>
          {mayEdit && (
            <Button
              type="primary"
              disabled={Object.keys(changes).length === 0}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              保存
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        专用发票（含数电专票）按不含税金额记入费用科目、税额记入进项税额；其他发票按价税合计记入费用科目；贷方合计记入贷方科目。
        火车票、机票的计算抵扣暂不自动处理。
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Table<Item>
        rowKey="item"
        size="small"
        loading={settings.isFetching}
        pagination={false}
        dataSource={settings.data?.items ?? []}
        scroll={{ y: 420 }}
        columns={[
          { title: '项目', dataIndex: 'label' },
          {
            title: '类别',
            dataIndex: 'category',
            width: 100,
            render: (c: Item['category']) => VOUCHER_ACCOUNT_CATEGORY_LABEL[c],
          },
          {
            title: '入账科目',
            key: 'account',
            width: 320,
            render: (_: unknown, r: Item) => (
              <Select
                style={{ width: '100%' }}
                disabled={!mayEdit}
                aria-label={`${r.label}入账科目`}
                value={changes[r.item] ?? r.accountCode}
                onChange={(code: string) => setChanges((c) => ({ ...c, [r.item]: code }))}
                options={accounts
                  .filter((a) => a.category === r.category)
                  .map((a) => ({ value: a.code, label: `${a.code} ${a.name}` }))}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
