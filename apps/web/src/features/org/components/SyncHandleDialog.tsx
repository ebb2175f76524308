import { Alert, App, Descriptions, Form, Input, Radio, Select, Tag, TreeSelect, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { AUTOCOMPLETE, formatDateTime } from '@feikong/contracts';
import { orgApi, StaffStatus, type SyncCandidate, type SyncConflict } from '@/api/org';
import { useAccess } from '@/components/Access';
import { Dialog } from '@/components/Dialog/Dialog';
import { applyFieldErrors } from '@/components/formErrors';
import { useDebouncedValue } from '@/components/useDebouncedValue';
import { ORG_PERM, staffQuery, unitsQuery } from '../hooks/queries';
import { staffRules } from '../rules/staff';
import {
  defaultPlan,
  handleBody,
  isActive,
  matchTags,
  platformOf,
  RESOLUTIONS,
  successText,
  type HandleFormValues,
} from '../rules/syncConflict';
import { deptOptions, deptsOfOrg, flattenOrgs } from '../rules/tree';

const FORM_FIELDS = ['action', 'staff_id', 'name', 'phone', 'org_id', 'dept_ids'];

/** One choice of the staff picker: a suggestion or a search result. */
type Pick = SyncCandidate & { suggested: boolean };

function PickLabel({ s }: { s: Pick }) {
  const active = isActive(s);
  return (
    <div className="fk-sync-pick">
      <div>
        <Typography.Text strong={s.suggested}>{s.name}</Typography.Text>
        <span className="fk-sync-pick-phone">{s.phone}</span>
        {matchTags(s).map((t) => (
          <Tag key={t} color="gold" variant="filled" style={{ marginInlineStart: 6 }}>
            {t}
          </Tag>
        ))}
        {!active && (
          <Tag variant="filled" style={{ marginInlineStart: 6 }}>
            已离职
          </Tag>
        )}
      </div>
      <div className="fk-sync-pick-sub">{[s.org_name, s.dept_name].filter(Boolean).join(' / ') || '-'}</div>
    </div>
  );
}

/**
 * 选择员工: the staff suggested for the conflict (same phone, same name) first, then — for users who
 * may read the staff list — a search by name, phone or job number (spec §5 base autocomplete: from 2
 * characters, 500 ms debounce). Resigned staff cannot be chosen.
 */
function StaffPicker({
  candidates,
  value,
  onChange,
  onPicked,
}: {
  candidates: SyncCandidate[];
  value?: number;
  onChange?: (v: number | undefined) => void;
  onPicked: (p: Pick | undefined) => void;
}) {
  const { can } = useAccess();
  const searchable = can([ORG_PERM.staffView]);
  const [input, setInput] = useState('');
  const keyword = useDebouncedValue(input.trim(), AUTOCOMPLETE.debounceMs);
  const enabled = searchable && keyword.length >= AUTOCOMPLETE.baseMinChars;
  const found = useQuery({
    ...staffQuery({ keyword, status: StaffStatus.active, page_num: 1, page_size: 20 }),
    enabled,
  });

  const picks = useMemo(() => {
    const suggested: Pick[] = candidates.map((c) => ({ ...c, suggested: true }));
    const seen = new Set(suggested.map((s) => s.id));
    const results: Pick[] = enabled
      ? (found.data?.items ?? [])
          .filter((s) => !seen.has(s.id))
          .map((s) => ({
            id: s.id,
            name: s.user_name,
            phone: s.phone,
            org_name: s.org_name,
            dept_name: s.dept_name,
            status: s.status,
            same_phone: false,
            same_name: false,
            suggested: false,
          }))
      : [];
    return { suggested, results, all: [...suggested, ...results] };
  }, [candidates, enabled, found.data]);

  const option = (p: Pick) => ({
    value: p.id,
    label: `${p.name}（${p.phone}）`,
    disabled: !isActive(p),
    pick: p,
  });
  const options = [
    ...(picks.suggested.length
      ? [{ label: '疑似同一人（手机号或姓名相同）', options: picks.suggested.map(option) }]
      : []),
    ...(picks.results.length ? [{ label: '搜索结果', options: picks.results.map(option) }] : []),
  ];

  // the picked staff member's name for the success message, also when preselected
  const picked = picks.all.find((p) => p.id === value);
  useEffect(() => onPicked(picked), [picked, onPicked]);

  return (
    <Select<number>
      value={value}
      onChange={(v) => onChange?.(v)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setInput }}
      placeholder={searchable ? '输入姓名、手机号或工号搜索员工' : '请选择员工'}
      loading={enabled && found.isFetching}
      options={options}
      optionRender={(o) => <PickLabel s={(o.data as { pick: Pick }).pick} />}
      notFoundContent={
        searchable
          ? input.trim().length < AUTOCOMPLETE.baseMinChars
            ? '至少输入2个字搜索员工'
            : found.isFetching
              ? '搜索中…'
              : '没有搜索到相关内容~'
          : '没有疑似同一人的员工'
      }
      popupMatchSelectWidth
      data-testid="sync-staff-picker"
    />
  );
}

/**
 * 处理同步冲突: the platform user and why it did not match, then one of 关联已有员工 (a staff member
 * of this organisation), 新建员工 (name and phone from the platform, company and departments to
 * choose) or 忽略. The server's field errors land next to the inputs; other failures are toasted by
 * the request layer.
 */
export function SyncHandleDialog({
  conflict,
  onClose,
  onDone,
}: {
  conflict: SyncConflict | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<HandleFormValues>();
  const units = useQuery({ ...unitsQuery, enabled: conflict !== null });
  const tree = useMemo(() => units.data ?? [], [units.data]);
  const action = Form.useWatch('action', form);
  const orgId = Form.useWatch('org_id', form);
  const [picked, setPicked] = useState<Pick | undefined>(undefined);

  useEffect(() => {
    if (!conflict) return;
    form.resetFields();
    form.setFieldsValue({ ...defaultPlan(conflict), name: conflict.name, phone: conflict.phone ?? '' });
  }, [conflict, form]);

  const orgOptions = useMemo(
    () =>
      flattenOrgs(tree).map(({ node, depth }) => ({
        value: node.id,
        label: node.name,
        depth,
      })),
    [tree],
  );
  const depts = useMemo(() => (orgId ? deptOptions(deptsOfOrg(tree, orgId)) : []), [tree, orgId]);

  if (!conflict) return null;
  const platform = platformOf(conflict.platform);

  const save = async () => {
    const values = await form.validateFields();
    let result;
    try {
      result = await orgApi.syncHandle(handleBody(conflict, values));
    } catch (e) {
      applyFieldErrors(form, e, FORM_FIELDS);
      throw e;
    }
    const staffName = values.action === 'bind' ? picked?.name : values.name?.trim() || conflict.name;
    void message.success(successText(conflict, result, staffName));
    onDone();
  };

  return (
    <Dialog
      open
      title={`处理同步冲突 · ${conflict.name}`}
      width={640}
      height={560}
      onConfirm={save}
      onClose={onClose}
      confirmBtnText={action === 'ignore' ? '确认忽略' : '确定'}
      className="fk-sync-dialog"
    >
      <Descriptions size="small" column={2} bordered className="fk-sync-summary" data-testid="sync-summary">
        <Descriptions.Item label="平台">
          <Tag color={platform.color} variant="filled">
            {platform.label}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="发现时间">{formatDateTime(conflict.created_at)}</Descriptions.Item>
        <Descriptions.Item label="第三方用户">
          {conflict.name}
          <div className="fk-sync-pick-sub">ID：{conflict.third_user_id}</div>
        </Descriptions.Item>
        <Descriptions.Item label="手机号">
          {conflict.phone ?? <span className="fk-muted">未提供</span>}
        </Descriptions.Item>
        <Descriptions.Item label="冲突原因" span={2}>
          {conflict.reason}
        </Descriptions.Item>
      </Descriptions>

      <Form form={form} layout="vertical" requiredMark style={{ marginTop: 16 }} data-testid="sync-form">
        <Form.Item label="处理方式" name="action" rules={[{ required: true, message: '请选择处理方式' }]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={RESOLUTIONS.map((r) => ({ value: r.value, label: r.label }))}
          />
        </Form.Item>

        {action === 'bind' && (
          <Form.Item
            label="关联员工"
            name="staff_id"
            rules={[{ required: true, message: '请选择要关联的员工' }]}
            extra={
              picked
                ? `${[picked.org_name, picked.dept_name].filter(Boolean).join(' / ') || '未分配部门'}；关联后该${platform.label}用户即对应此员工`
                : `关联后该${platform.label}用户即对应所选员工`
            }
          >
            <StaffPicker candidates={conflict.candidates} onPicked={setPicked} />
          </Form.Item>
        )}

        {action === 'create' && (
          <div className="fk-form-grid">
            <Form.Item label="姓名" name="name" rules={staffRules('name')}>
              <Input maxLength={50} placeholder="请输入姓名" />
            </Form.Item>
            <Form.Item
              label="手机号"
              name="phone"
              rules={staffRules('phone')}
              extra={conflict.phone ? '来自第三方平台' : '第三方平台未提供，请填写'}
            >
              <Input maxLength={11} placeholder="11位手机号" inputMode="numeric" />
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
                onChange={() => form.setFieldsValue({ dept_ids: [] })}
              />
            </Form.Item>
            <Form.Item label="所属部门" name="dept_ids" rules={staffRules('dept_ids')}>
              <TreeSelect
                multiple
                treeDefaultExpandAll
                placeholder={
                  orgId ? (depts.length ? '可选择多个部门' : '该公司下还没有部门') : '请先选择公司'
                }
                disabled={!orgId}
                treeData={depts}
                showSearch={{ treeNodeFilterProp: 'title' }}
                maxTagCount="responsive"
                notFoundContent="该公司下还没有部门"
              />
            </Form.Item>
          </div>
        )}

        {action === 'ignore' && (
          <Alert
            type="info"
            showIcon
            title="忽略后不再提示该冲突，也不会关联或新建员工"
            description="如后续同步再次发现同一账号的冲突，它会重新出现在待处理列表中。"
          />
        )}
      </Form>
    </Dialog>
  );
}
