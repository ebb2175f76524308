import { Col, Form, InputNumber, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { quotaScenesQuery } from '../queries';

/**
 * 消费场景 and 每人发放金额 (元) of a plan or a manual release: two columns of the caller's row. `testId` names
 * them `<testId>-scene` and `<testId>-amount`; the scenes are asked for only while `enabled` (a closed dialog).
 */
export function SceneAmountFields({ testId, enabled = true }: { testId: string; enabled?: boolean }) {
  const scenes = useQuery({ ...quotaScenesQuery, enabled });
  return (
    <>
      <Col span={8}>
        <Form.Item label="消费场景" name="scene_id" rules={[{ required: true, message: '请选择消费场景' }]}>
          <Select
            options={scenes.data ?? []}
            placeholder="选择场景"
            showSearch
            optionFilterProp="label"
            data-testid={`${testId}-scene`}
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="每人发放金额" name="amount" rules={[{ required: true, message: '请填写发放金额' }]}>
          <InputNumber
            min={0.01}
            precision={2}
            addonAfter="元"
            style={{ width: '100%' }}
            data-testid={`${testId}-amount`}
          />
        </Form.Item>
      </Col>
    </>
  );
}
