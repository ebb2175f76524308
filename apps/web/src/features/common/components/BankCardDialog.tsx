import { App, AutoComplete, Form, Input, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { formatBankCard } from '@feikong/contracts';
import { authApi, type BankCard } from '@/api/auth';
import { bankListQuery } from '../hooks/person';
import { FormDialog } from './FormDialog';

/** Common banks, offered while typing (any other bank can be typed in). */
export const COMMON_BANKS = [
  '中国工商银行',
  '中国农业银行',
  '中国银行',
  '中国建设银行',
  '交通银行',
  '中国邮政储蓄银行',
  '招商银行',
  '浦发银行',
  '中信银行',
  '中国光大银行',
  '华夏银行',
  '中国民生银行',
  '广发银行',
  '兴业银行',
  '平安银行',
  '浙商银行',
  '北京银行',
  '上海银行',
  '江苏银行',
  '宁波银行',
];

interface BankValues {
  account_name: string;
  bank_name: string;
  branch_name?: string;
  card_no: string;
  is_default: boolean;
}

/** 12-30 digits once the spaces of the grouped display are removed (the server's rule). */
export const CARD_NO_RE = /^\d{12,30}$/;

/** Add or edit a bank card; the number is typed and shown in groups of 4 (spec §5). */
export function BankCardDialog({
  open,
  onClose,
  card,
  defaultName,
}: {
  open: boolean;
  onClose: () => void;
  /** The card to edit; none to add one. */
  card?: BankCard | null;
  defaultName?: string;
}) {
  const [form] = Form.useForm<BankValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <FormDialog
      title={card ? '编辑银行卡' : '添加银行卡'}
      open={open}
      onClose={onClose}
      form={form}
      width={520}
      fields={['account_name', 'bank_name', 'branch_name', 'card_no', 'is_default']}
      initialValues={
        card
          ? {
              account_name: card.account_name,
              bank_name: card.bank_name,
              branch_name: card.branch_name ?? '',
              card_no: formatBankCard(card.card_no),
              is_default: Boolean(card.is_default),
            }
          : { account_name: defaultName ?? '', is_default: false }
      }
      onSubmit={async (v) => {
        const body = {
          account_name: v.account_name.trim(),
          bank_name: v.bank_name.trim(),
          branch_name: v.branch_name?.trim() || null,
          card_no: v.card_no.replace(/\s+/g, ''),
          is_default: v.is_default,
        };
        if (card) await authApi.editBank({ id: card.id, ...body });
        else await authApi.addBank(body);
        void queryClient.invalidateQueries({ queryKey: bankListQuery.queryKey });
        void message.success(card ? '银行卡已更新' : '银行卡已添加');
      }}
    >
      <Form.Item
        label="开户名"
        name="account_name"
        rules={[{ required: true, whitespace: true, message: '请输入开户名' }]}
      >
        <Input placeholder="请输入开户名" maxLength={50} />
      </Form.Item>
      <Form.Item
        label="开户银行"
        name="bank_name"
        rules={[{ required: true, whitespace: true, message: '请输入开户银行' }]}
      >
        <AutoComplete
          placeholder="请输入或选择开户银行"
          options={COMMON_BANKS.map((b) => ({ value: b }))}
          showSearch={{
            filterOption: (input, option) => String(option?.value ?? '').includes(input.trim()),
          }}
        />
      </Form.Item>
      <Form.Item label="开户支行" name="branch_name">
        <Input placeholder="如：上海分行陆家嘴支行（选填）" maxLength={100} />
      </Form.Item>
      <Form.Item
        label="银行卡号"
        name="card_no"
        validateFirst
        normalize={(v: string) => formatBankCard((v ?? '').replace(/\D/g, ''))}
        rules={[
          { required: true, message: '请输入银行卡号' },
          {
            validator: (_, v: string) =>
              CARD_NO_RE.test(v.replace(/\s+/g, ''))
                ? Promise.resolve()
                : Promise.reject(new Error('银行卡号应为12-30位数字')),
          },
        ]}
      >
        <Input placeholder="请输入银行卡号" maxLength={37} inputMode="numeric" />
      </Form.Item>
      <Form.Item label="设为默认收款卡" name="is_default" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
