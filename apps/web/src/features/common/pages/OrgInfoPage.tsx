import { ApartmentOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Result, Skeleton, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EMPTY_TEXT, PERSONAL_NO_ORG, PayerTypeLabel, UiTypeLabel, type PayerType } from '@feikong/contracts';
import type { OrgCompany } from '@/api/auth';
import { isPersonalAccount, useSession } from '@/stores/session';
import { SwitchOrgDialog, isCurrentOrg, organizationsQuery, maskPhone } from '@/features/login';
import { staffQuery } from '../hooks/staff';
import { DESC_STYLES } from './descStyles';
import './userInfo.css';

/** Who pays the provider (spec §1 orgcode_payer_type): 服务商支付 (0) or 企业自付 (1). */
function payerText(v: number | null | undefined): string {
  return v === 0 || v === 1 ? PayerTypeLabel[v as PayerType] : '-';
}

/**
 * /orgInfo (企业信息): the current organisation's name, tax id, product version and companies.
 * Hidden for personal accounts (spec §6); reached directly, it says why there is nothing to show.
 */
export default function OrgInfoPage() {
  const navigate = useNavigate();
  const session = useSession();
  const personal = isPersonalAccount(session);
  const orgs = useQuery({ ...organizationsQuery, enabled: !personal });
  const staff = useQuery({ ...staffQuery, enabled: !personal });
  const [switching, setSwitching] = useState(false);

  if (personal) {
    return (
      <Card>
        <Result
          status="info"
          icon={<ApartmentOutlined style={{ color: '#1677ff' }} />}
          title={PERSONAL_NO_ORG}
          subTitle={`加入组织后即可查看企业信息。请联系企业管理员，将您的手机号 ${maskPhone(session.phone)} 添加为员工。`}
          extra={[
            <Button key="home" type="primary" onClick={() => navigate('/')}>
              返回首页
            </Button>,
            <Button key="user" onClick={() => navigate('/userInfo')}>
              查看个人信息
            </Button>,
          ]}
        />
      </Card>
    );
  }
  if (orgs.isPending || staff.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (orgs.isError) {
    return (
      <Result
        status="warning"
        title="企业信息加载失败"
        extra={<Button onClick={() => void orgs.refetch()}>重新加载</Button>}
      />
    );
  }

  const list = orgs.data;
  const current = list.find((o) => isCurrentOrg(o, session.top_org_id)) ?? list[0];
  if (!current) return <Result status="info" title={PERSONAL_NO_ORG} />;
  const s = staff.data;
  const versionName = s?.product_version_name ?? current.product_version_name ?? null;
  const expired = s?.expired ?? current.expired;

  return (
    <div className="fk-org-page">
      <Card
        title="企业信息"
        extra={
          list.length > 1 && (
            <Button icon={<SwapOutlined />} onClick={() => setSwitching(true)}>
              切换组织
            </Button>
          )
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle" styles={DESC_STYLES}>
          <Descriptions.Item label="企业名称">
            <Typography.Text strong>{current.org_name}</Typography.Text>
            {current.expired && (
              <Tag color="error" style={{ marginLeft: 8 }}>
                已过期
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="纳税人识别号">{current.tax_id || '-'}</Descriptions.Item>
          <Descriptions.Item label="产品版本">
            {versionName ? (
              <>
                {versionName}
                <Tag color={expired ? 'error' : 'success'} style={{ marginLeft: 8 }}>
                  {expired ? '已过期' : '服务中'}
                </Tag>
              </>
            ) : (
              <Typography.Text type="secondary">暂未开通</Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="界面类型">
            <span data-testid="org-ui-type">{UiTypeLabel[s?.ui_type ?? session.ui_type]}</span>
          </Descriptions.Item>
          <Descriptions.Item label="服务支付方式">
            <span data-testid="org-payer-type">
              {payerText(s?.orgcode_payer_type ?? session.orgcode_payer_type)}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="下属公司">{current.children.length} 家</Descriptions.Item>
          <Descriptions.Item label="我的所属公司">{s?.org_name || '-'}</Descriptions.Item>
          <Descriptions.Item label="我的部门">
            {s?.dept_names?.join('、') || s?.dept_name || '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title="下属公司">
        <Table<OrgCompany>
          rowKey="org_id"
          size="middle"
          pagination={false}
          dataSource={current.children}
          locale={{ emptyText: EMPTY_TEXT }}
          columns={[
            { title: '序号', key: 'index', width: 80, render: (_, __, i) => i + 1 },
            { title: '公司名称', dataIndex: 'org_name' },
            { title: '纳税人识别号', dataIndex: 'tax_id', render: (v: string | null) => v || '-' },
          ]}
        />
      </Card>

      <SwitchOrgDialog open={switching} onClose={() => setSwitching(false)} />
    </div>
  );
}
