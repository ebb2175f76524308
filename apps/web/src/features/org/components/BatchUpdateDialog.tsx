import { Alert, App, Checkbox, Form, Radio, Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { orgApi, type UnitNode } from '@/api/org';
import { Dialog } from '@/components/Dialog/Dialog';
import { namedQuery, unitsQuery } from '../hooks/queries';
import { batchBody, type BatchFormValues } from '../rules/staff';

interface Option {
  value: number | string;
  title: string;
  selectable: boolean;
  children: Option[];
}
/** Companies are headings (not selectable); departments are the choices. */
const options = (nodes: UnitNode[]): Option[] =>
  nodes.map((n) => ({
    value: n.org_type === 'dept' ? n.id : n.key,
    title: n.name,
    selectable: n.org_type === 'dept',
    children: options(n.children),
  }));

const FIELD_OPTIONS = [
  { value: 'dept', label: '所属部门' },
  { value: 'grade', label: '职级' },
  { value: 'job', label: '职位' },
  { value: 'status', label: '员工状态' },
];

/**
 * 批量修改: the same departments, grade, job or status for every selected staff member (users:
 * batch_update). Only ticked fields change; all rows change or none.
 */
export function BatchUpdateDialog({
  ids,
  open,
  onClose,
  onSaved,
}: {
  ids: number[];
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<BatchFormValues>();
  const fields = Form.useWatch('fields', form) ?? [];
  const units = useQuery(unitsQuery);
  const grades = useQuery({ ...namedQuery('grades'), enabled: open });
  const jobs = useQuery({ ...namedQuery('jobs'), enabled: open });
  const deptTree = useMemo(() => options(units.data ?? []), [units.data]);

  useEffect(() => {
    if (open) form.setFieldsValue({ fields: [], dept_ids: [], grade_id: null, job_id: null, status: 1 });
  }, [open, form]);

  const save = async () => {
    const values = form.getFieldsValue(true) as BatchFormValues;
    const plan = batchBody(ids, values);
    if (!plan.ok) {
      void message.warning(plan.error);
      throw new Error(plan.error);
    }
    const r = await orgApi.batchUpdateStaff(plan.body);
    void message.success(`已修改${r.count}名员工`);
    onSaved();
  };

  return (
    <Dialog
      open={open}
      title={`批量修改（已选 ${ids.length} 人）`}
      width={560}
      height={480}
      onConfirm={save}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" data-testid="batch-form">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="勾选要修改的项目，未勾选的项目保持不变。所选部门必须属于同一家公司。"
        />
        <Form.Item label="修改项目" name="fields">
          <Checkbox.Group options={FIELD_OPTIONS} />
        </Form.Item>
        {fields.includes('dept') && (
          <Form.Item label="所属部门" name="dept_ids" required>
            <TreeSelect
              multiple
              treeDefaultExpandAll
              placeholder="选择部门（可多选）"
              treeData={deptTree}
              showSearch={{ treeNodeFilterProp: 'title' }}
              maxTagCount="responsive"
            />
          </Form.Item>
        )}
        {fields.includes('grade') && (
          <Form.Item label="职级" name="grade_id" extra="不选择则清空职级">
            <Select
              allowClear
              placeholder="选择职级"
              options={(grades.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
        )}
        {fields.includes('job') && (
          <Form.Item label="职位" name="job_id" extra="不选择则清空职位">
            <Select
              allowClear
              placeholder="选择职位"
              options={(jobs.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
        )}
        {fields.includes('status') && (
          <Form.Item label="员工状态" name="status">
            <Radio.Group
              options={[
                { value: 1, label: '在职' },
                { value: 2, label: '离职' },
              ]}
            />
          </Form.Item>
        )}
      </Form>
    </Dialog>
  );
}
