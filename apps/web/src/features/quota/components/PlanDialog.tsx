import { App, Col, DatePicker, Form, Input, Modal, Row, Select, Switch, TimePicker } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import dayjs from 'dayjs';
import { quotaApi, type QuotaPlan } from '@/api/quota';
import {
  emptyPlanForm,
  MONTH_DAY_OPTIONS,
  PLAN_RELEASE_TYPES,
  planToForm,
  SCHEDULE_UNIT_OPTIONS,
  toPlanBody,
  WEEKDAY_OPTIONS,
  type PlanForm,
} from '../rules';
import { SceneAmountFields } from './SceneAmountFields';
import { ScopeFields } from './ScopeFields';
import { ValidityFields } from './ValidityFields';

/**
 * 新建/编辑发放规则: the scene, the type (固定周期发放 every day/week/month at a time, or 固定日期发放 once),
 * the amount each person gets in 元, validity, clear-up, mode (累计, 清零重置, 累计至上限, 补足至额度), scope.
 */
export function PlanDialog({
  open,
  plan,
  onClose,
}: {
  open: boolean;
  /** The plan edited; none: a new one. */
  plan?: QuotaPlan;
  onClose: () => void;
}) {
  const [form] = Form.useForm<PlanForm>();
  const { message } = App.useApp();
  const client = useQueryClient();
  const releaseType = Form.useWatch('release_type', form) as number | undefined;
  const unit = Form.useWatch('schedule_unit', form) as PlanForm['schedule_unit'] | undefined;

  useEffect(() => {
    if (open) form.setFieldsValue(plan ? planToForm(plan) : emptyPlanForm());
    else form.resetFields();
  }, [open, plan, form]);

  const save = useMutation({
    mutationFn: (f: PlanForm) => {
      const body = toPlanBody(f);
      return plan ? quotaApi.updatePlan({ ...body, id: plan.id }) : quotaApi.addPlan(body);
    },
    onSuccess: () => {
      void message.success(plan ? '发放规则已保存' : '发放规则已创建');
      void client.invalidateQueries({ queryKey: ['quota', 'plans'] });
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={plan ? '编辑发放规则' : '新建发放规则'}
      width={860}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'quota-plan-save' }}
      destroyOnHidden
      forceRender
    >
      <Form<PlanForm>
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        onValuesChange={(c: Partial<PlanForm>) => {
          if (c.schedule_unit) form.setFieldValue('schedule_day', 1);
        }}
        data-testid="quota-plan-form"
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              label="规则名称"
              name="name"
              rules={[{ required: true, whitespace: true, message: '请填写规则名称' }]}
            >
              <Input maxLength={50} placeholder="如：每月餐补" />
            </Form.Item>
          </Col>
          <SceneAmountFields testId="quota-plan" enabled={open} />
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              label="发放类型"
              name="release_type"
              rules={[{ required: true, message: '请选择发放类型' }]}
            >
              <Select options={PLAN_RELEASE_TYPES} data-testid="quota-plan-type" />
            </Form.Item>
          </Col>
          {releaseType === 2 ? (
            <Col span={8}>
              <Form.Item
                label="发放日期"
                name="schedule_at"
                rules={[{ required: true, message: '请选择发放日期' }]}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  style={{ width: '100%' }}
                  disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                />
              </Form.Item>
            </Col>
          ) : (
            <>
              <Col span={5}>
                <Form.Item label="发放周期" name="schedule_unit">
                  <Select options={[...SCHEDULE_UNIT_OPTIONS]} data-testid="quota-plan-unit" />
                </Form.Item>
              </Col>
              {unit !== 'day' && (
                <Col span={5}>
                  <Form.Item label="发放日" name="schedule_day">
                    <Select
                      options={unit === 'week' ? WEEKDAY_OPTIONS : MONTH_DAY_OPTIONS}
                      data-testid="quota-plan-day"
                    />
                  </Form.Item>
                </Col>
              )}
              <Col span={6}>
                <Form.Item
                  label="发放时间"
                  name="schedule_time"
                  rules={[{ required: true, message: '请选择发放时间' }]}
                >
                  <TimePicker format="HH:mm" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        <ValidityFields />
        <ScopeFields />
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
