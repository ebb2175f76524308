import { Button, Card, Form, Input, Modal, Space, Typography } from 'antd';
import { ApartmentOutlined, TeamOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { maskPhone, useCreateOrganization } from '@/features/login';

/**
 * A personal account's workbench (issue 20): it belongs to no organisation yet, so it says how to join one
 * (an administrator adds this phone number) and offers 创建组织 — a new organisation on the trial version
 * with this person as its administrator; the session moves into it.
 */
export function JoinOrCreateCard({ phone }: { phone: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="fk-home-join" data-testid="home-join">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        您还没有加入任何组织
      </Typography.Title>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <div className="fk-home-join-row">
          <TeamOutlined className="fk-home-join-icon" />
          <div>
            <div className="fk-home-join-title">加入已有组织</div>
            <Typography.Text type="secondary">
              请联系组织的管理员，在「设置中心 › 成员管理」中用您的手机号 {maskPhone(phone)}{' '}
              添加您为成员；添加后重新登录即可进入该组织。
            </Typography.Text>
          </div>
        </div>
        <div className="fk-home-join-row">
          <ApartmentOutlined className="fk-home-join-icon" />
          <div>
            <div className="fk-home-join-title">创建新组织</div>
            <Typography.Text type="secondary">
              创建后您将成为该组织的管理员，可免费试用标准版30天，再邀请同事加入。
            </Typography.Text>
            <div style={{ marginTop: 12 }}>
              <Button type="primary" onClick={() => setOpen(true)} data-testid="create-org">
                创建组织
              </Button>
            </div>
          </div>
        </div>
      </Space>
      {open && <CreateOrgDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}

function CreateOrgDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateOrganization();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await create(v.name.trim());
    } catch {
      // the request client already showed the server's message (e.g. 您已创建过组织…)
      setSaving(false);
    }
  };
  return (
    <Modal
      title="创建组织"
      open
      onCancel={onClose}
      onOk={() => void submit()}
      okText="创建"
      confirmLoading={saving}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label="组织名称"
          extra="一般填写企业全称，创建后可在组织信息中修改"
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const n = (v ?? '').trim().length;
                if (n < 2) return Promise.reject(new Error('请输入2-50个字符的组织名称'));
                if (n > 50) return Promise.reject(new Error('组织名称不能超过50个字符'));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input placeholder="如：上海某某科技有限公司" maxLength={60} autoFocus aria-label="组织名称" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
