import { Col, Form, Row, Switch, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { StaffPicker } from '@/components/StaffPicker';
import { quotaGroupsQuery, quotaUnitsQuery } from '../queries';

/** 发放范围: 全员, or departments, user groups and persons (at least one; the server checks they exist). */
export function ScopeFields() {
  const form = Form.useFormInstance();
  const all = Form.useWatch(['scope', 'all'], form) as boolean | undefined;
  const units = useQuery({ ...quotaUnitsQuery, enabled: all === false });
  const groups = useQuery({ ...quotaGroupsQuery, enabled: all === false });
  return (
    <>
      <Form.Item label="全员发放" name={['scope', 'all']} valuePropName="checked">
        <Switch data-testid="quota-scope-all" />
      </Form.Item>
      {all === false && (
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item label="部门" name={['scope', 'dept_keys']}>
              <TreeSelect
                multiple
                treeCheckable
                showCheckedStrategy={TreeSelect.SHOW_ALL}
                treeDefaultExpandAll
                treeData={units.data ?? []}
                placeholder="选择部门"
                maxTagCount="responsive"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="用户组" name={['scope', 'group_ids']}>
              <TreeSelect
                multiple
                treeCheckable
                showCheckedStrategy={TreeSelect.SHOW_ALL}
                treeDefaultExpandAll
                treeData={groups.data ?? []}
                placeholder="选择用户组"
                maxTagCount="responsive"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="员工" name={['scope', 'user_ids']}>
              <StaffPicker
                valueKey="user_id"
                onChange={(ids) => form.setFieldValue(['scope', 'user_ids'], ids)}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
    </>
  );
}
