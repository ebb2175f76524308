import { HistoryOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Popover, Select, Spin, TreeSelect, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { formatDateTime } from '@feikong/contracts';
import { orgApi, type Staff } from '@/api/org';
import { Dialog } from '@/components/Dialog/Dialog';
import { StaffPicker } from '@/components/StaffPicker';
import { applyFieldErrors } from '@/components/formErrors';
import { namedQuery, titlesByOrgQuery, unitsQuery } from '../hooks/queries';
import { staffBody, staffRules, type StaffFormValues } from '../rules/staff';
import { deptOptions, deptsOfOrg, flattenOrgs } from '../rules/tree';

const FORM_FIELDS = [
  'name',
  'phone',
  'email',
  'job_no',
  'org_id',
  'dept_ids',
  'grade_id',
  'job_id',
  'title_id',
];

function PhoneHistory({ staffId }: { staffId: number }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: ['org', 'phoneHistory', staffId],
    queryFn: () => orgApi.phoneHistory(staffId),
    enabled: open,
  });
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title="手机号变更记录"
      content={
        <div style={{ width: 300 }}>
          {history.isPending ? (
            <Spin size="small" />
          ) : (history.data ?? []).length === 0 ? (
            <Typography.Text type="secondary">暂无变更记录</Typography.Text>
          ) : (
            (history.data ?? []).map((r) => (
              <div key={r.id} style={{ padding: '4px 0', borderBottom: '1px dashed #edf0f5' }}>
                <div>
                  {r.old_phone} → {r.new_phone}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(r.created_at)} · {r.operator_name || '系统'}
                </Typography.Text>
              </div>
            ))
          )}
        </div>
      }
    >
      <Button type="link" size="small" icon={<HistoryOutlined />} style={{ padding: 0, height: 'auto' }}>
        变更记录
      </Button>
    </Popover>
  );
}

/**
 * 新增员工 / 编辑员工: name, phone, email, job no, company, departments (several, of that company),
 * grade, job and title. Messages follow spec §5 (手机号格式错误, 邮箱格式错误); the server's field
 * errors land next to the inputs.
 */
export function StaffDialog({
  open,
  staff,
  defaults,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: a new staff member. */
  staff: Staff | null;
  /** Company and department preselected for a new staff member (the selected tree node). */
  defaults?: { org_id?: number; dept_ids?: number[] };
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<StaffFormValues>();
  const units = useQuery(unitsQuery);
  const grades = useQuery({ ...namedQuery('grades'), enabled: open });
  const jobs = useQuery({ ...namedQuery('jobs'), enabled: open });
  const orgId = Form.useWatch('org_id', form);
  const titles = useQuery({ ...titlesByOrgQuery(orgId ?? 0), enabled: open && !!orgId });
  const tree = useMemo(() => units.data ?? [], [units.data]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (staff)
      form.setFieldsValue({
        name: staff.user_name,
        phone: staff.phone,
        email: staff.email ?? '',
        job_no: staff.job_no ?? '',
        org_id: staff.org_id,
        dept_ids: staff.dept_ids,
        grade_id: staff.grade_id,
        job_id: staff.job_id,
        title_id: staff.title_id,
        supervisor: staff.supervisor_id ? [staff.supervisor_id] : [],
      });
    else form.setFieldsValue({ org_id: defaults?.org_id, dept_ids: defaults?.dept_ids ?? [] });
  }, [open, staff, defaults, form]);

  const orgOptions = useMemo(
    () =>
      flattenOrgs(tree).map(({ node, depth }) => ({
        value: node.id,
        label: node.name,
        title: node.full_name,
        depth,
      })),
    [tree],
  );
  const depts = useMemo(() => (orgId ? deptOptions(deptsOfOrg(tree, orgId)) : []), [tree, orgId]);

  const save = async () => {
    const values = await form.validateFields();
    const body = staffBody(values);
    try {
      if (staff) await orgApi.updateStaff({ id: staff.id, ...body });
      else await orgApi.createStaff(body);
    } catch (e) {
      applyFieldErrors(form, e, FORM_FIELDS);
      throw e;
    }
    void message.success(staff ? '保存成功' : '新增成功');
    onSaved();
  };

  return (
    <Dialog
      open={open}
      title={staff ? `编辑员工 · ${staff.user_name}` : '新增员工'}
      width={720}
      height={560}
      onConfirm={save}
      onClose={onClose}
      className="fk-staff-dialog"
    >
      <Form form={form} layout="vertical" requiredMark className="fk-form-grid" data-testid="staff-form">
        <Form.Item label="姓名" name="name" rules={staffRules('name')}>
          <Input maxLength={50} placeholder="请输入姓名" autoFocus />
        </Form.Item>
        <Form.Item
          label={
            staff ? (
              <span>
                手机号 <PhoneHistory staffId={staff.id} />
              </span>
            ) : (
              '手机号'
            )
          }
          name="phone"
          rules={staffRules('phone')}
          extra={staff ? '修改后该员工需使用新手机号登录' : '员工使用此手机号登录'}
        >
          <Input maxLength={11} placeholder="11位手机号" inputMode="numeric" />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={staffRules('email')}>
          <Input maxLength={100} placeholder="选填" />
        </Form.Item>
        <Form.Item label="工号" name="job_no" rules={staffRules('job_no')}>
          <Input maxLength={50} placeholder="选填" />
        </Form.Item>
        <Form.Item label="所属公司" name="org_id" rules={staffRules('org_id')}>
          <Select
            placeholder="请选择公司"
            showSearch={{ optionFilterProp: 'label' }}
            loading={units.isPending}
            options={orgOptions}
            optionRender={(o) => (
              <span style={{ paddingLeft: (o.data.depth as number) * 14 }}>{o.data.label as string}</span>
            )}
            onChange={() => form.setFieldsValue({ dept_ids: [], title_id: null })}
          />
        </Form.Item>
        <Form.Item label="所属部门" name="dept_ids" rules={staffRules('dept_ids')}>
          <TreeSelect
            multiple
            treeDefaultExpandAll
            placeholder={orgId ? (depts.length ? '可选择多个部门' : '该公司下还没有部门') : '请先选择公司'}
            disabled={!orgId}
            treeData={depts}
            showSearch={{ treeNodeFilterProp: 'title' }}
            maxTagCount="responsive"
            notFoundContent="该公司下还没有部门"
          />
        </Form.Item>
        <Form.Item label="职级" name="grade_id">
          <Select
            allowClear
            placeholder="选填"
            showSearch={{ optionFilterProp: 'label' }}
            loading={grades.isPending}
            options={(grades.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
        <Form.Item label="职位" name="job_id">
          <Select
            allowClear
            placeholder="选填"
            showSearch={{ optionFilterProp: 'label' }}
            loading={jobs.isPending}
            options={(jobs.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
        <Form.Item label="职称" name="title_id">
          <Select
            allowClear
            placeholder={orgId ? '选填' : '请先选择公司'}
            disabled={!orgId}
            loading={!!orgId && titles.isPending}
            options={(titles.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          />
        </Form.Item>
        <Form.Item
          label="直属上级"
          name="supervisor"
          extra="审批流程中“上级主管”按此逐级查找"
          getValueFromEvent={(ids: number[]) => ids.slice(-1)}
        >
          <StaffPicker
            value={[]}
            onChange={() => undefined}
            labels={staff?.supervisor_id ? { [staff.supervisor_id]: staff.supervisor_name } : undefined}
          />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
