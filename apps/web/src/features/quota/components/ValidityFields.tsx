import { Col, DatePicker, Form, InputNumber, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { CLEAR_PERIOD_OPTIONS, RELEASE_MODE_OPTIONS, VALID_PERIOD_OPTIONS } from '../rules';

/**
 * 有效期, 清零周期 and 发放方式 of a plan or a manual release (spec 3, decision 0042): 指定天数 asks the days,
 * 指定日期 the last day, 累计至上限 the cap in 元; 补足至额度 tops each balance up to the amount.
 */
export function ValidityFields() {
  const form = Form.useFormInstance();
  const valid = Form.useWatch('valid_period', form) as number | undefined;
  const mode = Form.useWatch('release_mode', form) as number | undefined;
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item label="有效期" name="valid_period" rules={[{ required: true, message: '请选择有效期' }]}>
          <Select options={VALID_PERIOD_OPTIONS} data-testid="quota-valid-period" />
        </Form.Item>
        {valid === 1 && (
          <Form.Item
            label="有效天数"
            name="valid_days"
            rules={[{ required: true, message: '请填写有效天数' }]}
          >
            <InputNumber min={1} max={3650} precision={0} addonAfter="天" style={{ width: '100%' }} />
          </Form.Item>
        )}
        {valid === 5 && (
          <Form.Item
            label="有效期至"
            name="valid_until"
            rules={[{ required: true, message: '请选择有效期截止日期' }]}
          >
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
          </Form.Item>
        )}
      </Col>
      <Col span={8}>
        <Form.Item
          label="清零周期"
          name="clear_period"
          rules={[{ required: true, message: '请选择清零周期' }]}
        >
          <Select options={CLEAR_PERIOD_OPTIONS} data-testid="quota-clear-period" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          label="发放方式"
          name="release_mode"
          rules={[{ required: true, message: '请选择发放方式' }]}
        >
          <Select options={RELEASE_MODE_OPTIONS} data-testid="quota-release-mode" />
        </Form.Item>
        {mode === 3 && (
          <Form.Item
            label="额度上限"
            name="mode_limit"
            rules={[{ required: true, message: '请填写额度上限' }]}
          >
            <InputNumber min={0.01} precision={2} addonAfter="元" style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Col>
    </Row>
  );
}
