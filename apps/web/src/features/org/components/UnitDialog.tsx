import { App, Form, Input, InputNumber } from 'antd';
import { useEffect } from 'react';
import { orgApi, type UnitNode } from '@/api/org';
import { Dialog } from '@/components/Dialog/Dialog';
import { applyFieldErrors } from '@/components/formErrors';
import { StaffPicker } from '@/components/StaffPicker';

/** What the unit dialog does: create under a parent, or edit a node (rename, full name, tax id). */
export type UnitEdit =
  { mode: 'create'; kind: 'company' | 'dept'; parent: UnitNode } | { mode: 'edit'; node: UnitNode };

interface UnitForm {
  name: string;
  full_name?: string;
  tax_id?: string;
  order?: number;
  /** 部门负责人 as the staff picker holds it (at most one). */
  leader?: number[];
}

const TAX_ID_RE = /^[0-9A-Z]{15,20}$/;

/** A new node goes after its siblings of the same kind unless an order is typed. */
export function nextOrder(parent: UnitNode, kind: 'company' | 'dept'): number {
  const siblings = parent.children.filter((c) => (c.org_type === 'dept') === (kind === 'dept'));
  return siblings.reduce((m, c) => Math.max(m, c.order), 0) + 1;
}

export function unitDialogTitle(edit: UnitEdit): string {
  if (edit.mode === 'edit') return edit.node.org_type === 'dept' ? '编辑部门' : '编辑公司';
  if (edit.kind === 'company') return '新增子公司';
  return edit.parent.org_type === 'dept' ? '新增子部门' : '新增部门';
}

/** 新增子公司 / 新增部门 / 编辑 of the org tree. onDone gets the saved node's key. */
export function UnitDialog({
  edit,
  onClose,
  onDone,
}: {
  edit: UnitEdit | null;
  onClose: () => void;
  onDone: (key: string) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<UnitForm>();
  const isDept = edit ? (edit.mode === 'edit' ? edit.node.org_type === 'dept' : edit.kind === 'dept') : false;
  const isTop = edit?.mode === 'edit' && edit.node.org_type === 'group';

  useEffect(() => {
    if (!edit) return;
    form.resetFields();
    if (edit.mode === 'edit')
      form.setFieldsValue({
        name: edit.node.name,
        full_name: edit.node.full_name === edit.node.name ? '' : edit.node.full_name,
        tax_id: edit.node.tax_id ?? '',
        leader: edit.node.leader_id ? [edit.node.leader_id] : [],
      });
  }, [edit, form]);

  const save = async () => {
    if (!edit) return;
    const v = await form.validateFields();
    const name = v.name.trim();
    const order = v.order ?? (edit.mode === 'create' ? nextOrder(edit.parent, edit.kind) : undefined);
    try {
      let key: string;
      if (edit.mode === 'create' && edit.kind === 'company') {
        const r = await orgApi.createOrg({
          name,
          full_name: v.full_name?.trim() || undefined,
          tax_id: v.tax_id?.trim() || undefined,
          pid: edit.parent.id,
          order,
        });
        key = `org-${r.id}`;
      } else if (edit.mode === 'create') {
        const p = edit.parent;
        const r = await orgApi.createDept({
          org_id: p.org_type === 'dept' ? p.org_id : p.id,
          pid: p.org_type === 'dept' ? p.id : 0,
          name,
          order,
          ...(v.leader?.length ? { leader_id: v.leader[0] } : {}),
        });
        key = `dept-${r.id}`;
      } else if (edit.node.org_type === 'dept') {
        // The tree carries the current head: a head removed here is cleared (0), an unchanged one not sent.
        const was = edit.node.leader_id ?? null;
        const now = v.leader?.[0] ?? null;
        await orgApi.updateDept({
          id: edit.node.id,
          name,
          ...(now !== was ? { leader_id: now ?? 0 } : {}),
        });
        key = edit.node.key;
      } else {
        await orgApi.updateOrg({
          id: edit.node.id,
          name,
          full_name: v.full_name?.trim() ?? '',
          tax_id: v.tax_id?.trim() ?? '',
        });
        key = edit.node.key;
      }
      void message.success(edit.mode === 'create' ? '新增成功' : '保存成功');
      onDone(key);
    } catch (e) {
      applyFieldErrors(form, e, ['name', 'full_name', 'tax_id', 'order']);
      throw e;
    }
  };

  const parentName = edit?.mode === 'create' ? edit.parent.name : undefined;
  return (
    <Dialog
      open={edit !== null}
      title={edit ? unitDialogTitle(edit) : ''}
      width={520}
      height={isDept ? 420 : 460}
      onConfirm={save}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" requiredMark onFinish={() => void save().catch(() => undefined)}>
        {parentName && (
          <Form.Item label={isDept ? '上级' : '上级组织'}>
            <Input value={parentName} disabled />
          </Form.Item>
        )}
        <Form.Item
          label={isDept ? '部门名称' : '公司名称'}
          name="name"
          rules={[
            { required: true, whitespace: true, message: isDept ? '请输入部门名称' : '请输入公司名称' },
            { max: isDept ? 100 : 100, message: '不能超过100个字符' },
          ]}
        >
          <Input autoFocus maxLength={100} placeholder={isDept ? '例如：研发部' : '例如：上海分公司'} />
        </Form.Item>
        {isDept && (
          <Form.Item
            label="部门负责人"
            name="leader"
            extra="审批流程中“部门负责人”取此人"
            getValueFromEvent={(ids: number[]) => ids.slice(-1)}
          >
            <StaffPicker
              value={[]}
              onChange={() => undefined}
              labels={
                edit?.mode === 'edit' && edit.node.leader_id
                  ? { [edit.node.leader_id]: edit.node.leader_name ?? '' }
                  : undefined
              }
            />
          </Form.Item>
        )}
        {!isDept && (
          <>
            <Form.Item label="公司全称" name="full_name" rules={[{ max: 200, message: '不能超过200个字符' }]}>
              <Input maxLength={200} placeholder="营业执照上的名称，不填则与公司名称相同" />
            </Form.Item>
            <Form.Item
              label="税号"
              name="tax_id"
              extra={isTop ? '顶级组织的税号用于开票与结算' : undefined}
              rules={[
                {
                  validator: (_r, value: string | undefined) =>
                    !value?.trim() || TAX_ID_RE.test(value.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error('税号格式错误：15–20位数字或大写字母')),
                },
              ]}
            >
              <Input maxLength={20} placeholder="统一社会信用代码" />
            </Form.Item>
          </>
        )}
        {edit?.mode === 'create' && (
          <Form.Item label="排序" name="order" extra="数字越小越靠前，不填则排在同级最后">
            <InputNumber
              min={0}
              max={999999}
              precision={0}
              style={{ width: '100%' }}
              placeholder={edit.mode === 'create' ? String(nextOrder(edit.parent, edit.kind)) : undefined}
            />
          </Form.Item>
        )}
      </Form>
    </Dialog>
  );
}
