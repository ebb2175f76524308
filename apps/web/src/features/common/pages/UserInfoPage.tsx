import {
  BankOutlined,
  EditOutlined,
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  PlusOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  Alert,
  App,
  Avatar,
  Button,
  Card,
  Descriptions,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EMPTY_TEXT, formatBankCard, maskIdCard, sexLabel } from '@feikong/contracts';
import { authApi, type BankCard, type PersonInfo, type StaffInfo } from '@/api/auth';
import { isPersonalAccount, useSession } from '@/stores/session';
import { maskPhone } from '@/features/login';
import { BankCardDialog } from '../components/BankCardDialog';
import {
  EditAccountDialog,
  EditEmailDialog,
  EditPasswordDialog,
  EditPhoneDialog,
} from '../components/UserInfoDialogs';
import { bankListQuery, personInfoQuery } from '../hooks/person';
import { staffQuery } from '../hooks/staff';
import { DESC_STYLES } from './descStyles';
import './userInfo.css';

type DialogKey = 'email' | 'phone' | 'password' | 'account' | 'bank' | null;

/** Gender per spec §5 (1 男, otherwise 女); a gender never filled in (null / 0 未知) shows 未设置. */
export function genderText(gender: number | null | undefined): string {
  return gender === null || gender === undefined || gender === 0 ? '未设置' : sexLabel(gender);
}

const empty = (v: string | null | undefined, text = '未填写') =>
  v ? v : <Typography.Text type="secondary">{text}</Typography.Text>;

function ProfileHeader({
  person,
  staff,
  personal,
}: {
  person: PersonInfo;
  staff?: StaffInfo;
  personal: boolean;
}) {
  const name = person.real_name || staff?.username || person.phone;
  return (
    <Card className="fk-user-hero" variant="borderless">
      <div className="fk-user-hero-inner">
        {person.avatar ? (
          <Avatar size={64} src={person.avatar} icon={<UserOutlined />} className="fk-user-avatar" />
        ) : (
          <Avatar size={64} className="fk-user-avatar">
            {name.slice(0, 1)}
          </Avatar>
        )}
        <div className="fk-user-hero-text">
          <div className="fk-user-hero-name">
            {name}
            {personal ? <Tag color="warning">个人账号</Tag> : <Tag color="processing">企业成员</Tag>}
          </div>
          <div className="fk-user-hero-meta">
            <span>
              <MobileOutlined /> {maskPhone(person.phone)}
            </span>
            <span>
              <BankOutlined /> {personal ? '未加入组织' : staff?.top_org_name || '-'}
            </span>
            {!personal && staff?.org_name && staff.org_name !== staff.top_org_name && (
              <span>{staff.org_name}</span>
            )}
          </div>
        </div>
      </div>
      {personal && (
        <Alert
          className="fk-user-alert"
          type="info"
          showIcon
          title="您当前为个人账号，尚未加入任何组织"
          description={`请联系企业管理员将您的手机号 ${maskPhone(person.phone)} 添加为员工，重新登录后即可选择并进入组织，使用申请、报销、审批等企业功能。`}
        />
      )}
    </Card>
  );
}

function BankCards({ onAdd, onEdit }: { onAdd: () => void; onEdit: (card: BankCard) => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const banks = useQuery(bankListQuery);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: bankListQuery.queryKey });

  const remove = async (card: BankCard) => {
    await authApi.deleteBank(card.id);
    refresh();
    void message.success('银行卡已删除');
  };
  const makeDefault = async (card: BankCard) => {
    await authApi.editBank({ id: card.id, is_default: true });
    refresh();
    void message.success('已设为默认收款卡');
  };

  return (
    <Card
      title="银行卡"
      extra={
        <Button type="primary" ghost icon={<PlusOutlined />} onClick={onAdd}>
          添加银行卡
        </Button>
      }
    >
      <Table<BankCard>
        rowKey="id"
        size="middle"
        loading={banks.isPending}
        dataSource={banks.data ?? []}
        pagination={false}
        locale={{ emptyText: EMPTY_TEXT }}
        columns={[
          { title: '开户名', dataIndex: 'account_name', width: 120 },
          { title: '开户银行', dataIndex: 'bank_name', width: 160 },
          { title: '开户支行', dataIndex: 'branch_name', render: (v: string | null) => v || '-' },
          {
            title: '银行卡号',
            dataIndex: 'card_no',
            render: (v: string, card) => (
              <Space>
                <span className="fk-card-no">{formatBankCard(v)}</span>
                {Boolean(card.is_default) && <Tag color="blue">默认</Tag>}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 200,
            render: (_, card) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => onEdit(card)}>
                  编辑
                </Button>
                {!card.is_default && (
                  <Button type="link" size="small" onClick={() => void makeDefault(card)}>
                    设为默认
                  </Button>
                )}
                <Popconfirm
                  title="删除银行卡"
                  description={`确定删除尾号 ${card.card_no.slice(-4)} 的银行卡吗？`}
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => remove(card)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * /userInfo (spec §2.3 common area): person info, account info, bank cards, and the dialogs to edit
 * e-mail, phone, password and account. Works for personal accounts too (no organisation fields).
 */
export default function UserInfoPage() {
  const person = useQuery(personInfoQuery);
  const staff = useQuery(staffQuery);
  const personal = useSession((s) => isPersonalAccount(s));
  const [dialog, setDialog] = useState<DialogKey>(null);
  const [editing, setEditing] = useState<BankCard | null>(null);
  const close = () => setDialog(null);

  if (person.isPending) {
    return (
      <div className="fk-user-page">
        <Card>
          <Skeleton active avatar paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  }
  if (person.isError) {
    return (
      <Result
        status="warning"
        title="用户信息加载失败"
        extra={
          <Button type="primary" onClick={() => void person.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  }

  const p = person.data;
  const s = staff.data;
  const link = (text: string, key: DialogKey, icon?: React.ReactNode) => (
    <Button type="link" size="small" icon={icon} onClick={() => setDialog(key)} className="fk-inline-link">
      {text}
    </Button>
  );

  return (
    <div className="fk-user-page">
      <ProfileHeader person={p} staff={s} personal={personal} />

      <Card
        title="个人信息"
        extra={
          <Button icon={<EditOutlined />} onClick={() => setDialog('account')}>
            编辑资料
          </Button>
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle" styles={DESC_STYLES}>
          <Descriptions.Item label="姓名">{empty(p.real_name)}</Descriptions.Item>
          <Descriptions.Item label="性别">{genderText(p.gender)}</Descriptions.Item>
          <Descriptions.Item label="手机号">
            <Space size={4}>
              <span>{maskPhone(p.phone)}</span>
              {link('更换', 'phone', <MobileOutlined />)}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="邮箱">
            <Space size={4}>
              {empty(p.email)}
              {link(p.email ? '修改' : '绑定', 'email', <MailOutlined />)}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="身份证号" span={2}>
            {p.id_card ? maskIdCard(p.id_card) : empty(null)}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title="账号信息">
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle" styles={DESC_STYLES}>
          <Descriptions.Item label="所属组织">
            {personal ? empty(null, '未加入组织') : s?.top_org_name || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="所属公司">{personal ? '-' : s?.org_name || '-'}</Descriptions.Item>
          <Descriptions.Item label="所在部门">
            {personal ? '-' : s?.dept_names?.length ? s.dept_names.join('、') : s?.dept_name || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="工号">{s?.job_no || '-'}</Descriptions.Item>
          <Descriptions.Item label="登录手机号">{maskPhone(p.phone)}</Descriptions.Item>
          <Descriptions.Item label="登录密码">
            <Space size={4}>
              {p.has_password ? (
                <span>已设置</span>
              ) : (
                <Typography.Text type="warning">未设置</Typography.Text>
              )}
              {link(p.has_password ? '修改密码' : '设置密码', 'password', <LockOutlined />)}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <BankCards
        onAdd={() => {
          setEditing(null);
          setDialog('bank');
        }}
        onEdit={(card) => {
          setEditing(card);
          setDialog('bank');
        }}
      />

      <EditEmailDialog open={dialog === 'email'} onClose={close} person={p} />
      <EditPhoneDialog open={dialog === 'phone'} onClose={close} person={p} />
      <EditPasswordDialog open={dialog === 'password'} onClose={close} person={p} />
      <EditAccountDialog open={dialog === 'account'} onClose={close} person={p} />
      <BankCardDialog open={dialog === 'bank'} onClose={close} card={editing} defaultName={p.real_name} />
    </div>
  );
}
