import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import {
  MerchantAvailability,
  MerchantAvailabilityLabel,
  optionsOf,
  RULE_KEY_LABEL,
  StoreAddressLimit,
  StoreAddressLimitLabel,
  TrafficCard,
  TrafficCardLabel,
  type RuleKey,
} from '@feikong/contracts';
import { YuanInput } from './YuanInput';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].map((label, i) => ({
  label,
  value: i + 1,
}));
const tags = (placeholder: string) => (
  <Select
    mode="tags"
    tokenSeparators={[',', '，']}
    placeholder={placeholder}
    style={{ width: 360 }}
    open={false}
  />
);

function MerchantFields({ base }: { base: (string | number)[] }) {
  return (
    <>
      <Form.Item label="可用商户" name={[...base, 'available_type']}>
        <Select
          style={{ width: 200 }}
          options={[
            { value: 0, label: '不限' },
            ...optionsOf(MerchantAvailability, MerchantAvailabilityLabel),
          ]}
        />
      </Form.Item>
      <Form.Item label="商户/类型/品牌/商户组" name={[...base, 'objects']}>
        {tags('输入后回车，可填多个')}
      </Form.Item>
    </>
  );
}

/** The fields of one rule component (spec 3 rule component keys, with the rule defaults prefilled). */
export function RuleFields({ ruleKey, disabled }: { ruleKey: RuleKey; disabled: boolean }) {
  const r = ['rules', ruleKey];
  switch (ruleKey) {
    case 'use_time':
      return (
        <Form.Item label="时段" required extra="结束早于开始表示跨过午夜，如 22:00 至 02:00">
          <Form.List name={[...r, 'slots']}>
            {(items, { add, remove }) => (
              <>
                {items.map((f, i) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item
                      name={[f.name, 'start']}
                      style={{ marginBottom: 8 }}
                      rules={[{ required: true, pattern: HHMM, message: '格式 HH:mm' }]}
                    >
                      <Input
                        placeholder="11:00"
                        style={{ width: 90 }}
                        aria-label={`时段${i + 1}开始`}
                        disabled={disabled}
                      />
                    </Form.Item>
                    <span>至</span>
                    <Form.Item
                      name={[f.name, 'end']}
                      style={{ marginBottom: 8 }}
                      rules={[{ required: true, pattern: HHMM, message: '格式 HH:mm' }]}
                    >
                      <Input
                        placeholder="13:30"
                        style={{ width: 90 }}
                        aria-label={`时段${i + 1}结束`}
                        disabled={disabled}
                      />
                    </Form.Item>
                    {items.length > 1 && (
                      <MinusCircleOutlined aria-label="删除时段" onClick={() => remove(f.name)} />
                    )}
                  </Space>
                ))}
                <Button
                  type="dashed"
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => add({ start: '17:30', end: '20:00' })}
                  disabled={disabled}
                >
                  添加时段
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      );
    case 'use_date':
      return (
        <Form.Item label="可用星期" name={[...r, 'weekdays']} extra="不选为每天可用">
          <Checkbox.Group options={WEEKDAYS} disabled={disabled} />
        </Form.Item>
      );
    case 'order_number':
      return (
        <Space size="large">
          <Form.Item label="每日最多" name={[...r, 'day']} extra="0 为不限">
            <InputNumber min={0} addonAfter="笔" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="每月最多" name={[...r, 'month']}>
            <InputNumber min={0} addonAfter="笔" style={{ width: 140 }} />
          </Form.Item>
        </Space>
      );
    case 'order_amount':
    case 'day_amount':
    case 'month_amount':
    case 'year_amount':
    case 'avg_amount':
      return (
        <Form.Item label="限额" name={[...r, 'amount']} rules={[{ required: true, message: '请输入限额' }]}>
          <YuanInput disabled={disabled} aria-label={RULE_KEY_LABEL[ruleKey]} />
        </Form.Item>
      );
    case 'notify_message':
    case 'notify_email':
      return (
        <Form.Item label="超标或拒绝时通知" name={[...r, 'enabled']} valuePropName="checked">
          <Switch />
        </Form.Item>
      );
    case 'takeout':
      return (
        <>
          <MerchantFields base={[...r, 'merchant']} />
          <Form.Item label="餐饮品类" name={[...r, 'dining', 'category_limit']}>
            {tags('不填为不限')}
          </Form.Item>
        </>
      );
    case 'medical':
      return <MerchantFields base={[...r, 'merchant']} />;
    case 'store':
      return (
        <>
          <MerchantFields base={[...r, 'merchant']} />
          <Form.Item label="门店地址限制" name={[...r, 'store', 'store_addr_limit']}>
            <Select style={{ width: 200 }} options={optionsOf(StoreAddressLimit, StoreAddressLimitLabel)} />
          </Form.Item>
          <Form.Item label="城市（行政区划代码）" name={[...r, 'store', 'id_by_city_type']}>
            {tags('如 310100')}
          </Form.Item>
        </>
      );
    case 'car':
      return (
        <>
          <Form.Item
            label="限制车型"
            name={[...r, 'car_model_limit_flag']}
            getValueProps={(v) => ({ checked: v === 1 })}
            normalize={(v) => (v ? 1 : 0)}
          >
            <Switch />
          </Form.Item>
          <Form.Item label="可用车型" name={[...r, 'car_models']}>
            {tags('如 快车、优享')}
          </Form.Item>
          <Form.Item label="可用城市" name={[...r, 'city_limit']}>
            {tags('不填为不限，如 310100')}
          </Form.Item>
          <Form.Item
            label="禁止跨城"
            name={[...r, 'cross_city_limit']}
            getValueProps={(v) => ({ checked: v === 1 })}
            normalize={(v) => (v ? 1 : 0)}
          >
            <Switch />
          </Form.Item>
        </>
      );
    case 'airplane':
      return (
        <>
          <Form.Item label="舱位管控" name={[...r, 'discount_type']}>
            <Select
              style={{ width: 200 }}
              options={[
                { value: 0, label: '不限' },
                { value: 1, label: '限制舱位' },
                { value: 2, label: '限制折扣' },
              ]}
            />
          </Form.Item>
          <Form.Item label="可用舱位" name={[...r, 'seat_classes']}>
            {tags('如 经济舱')}
          </Form.Item>
          <Form.Item label="最高折扣" name={[...r, 'discount']}>
            <InputNumber min={0} max={10} step={0.5} addonAfter="折" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="提前预订" name={[...r, 'preorder_time']}>
            <InputNumber min={0} addonAfter="天" style={{ width: 140 }} />
          </Form.Item>
          <Space size="large">
            <Form.Item
              label="低价管控"
              name={[...r, 'is_low_price_control']}
              getValueProps={(v) => ({ checked: v === 1 })}
              normalize={(v) => (v ? 1 : 0)}
            >
              <Switch />
            </Form.Item>
            <Form.Item label="起飞前后" name={[...r, 'low_price_control_time']}>
              <InputNumber min={0} max={24} addonAfter="小时内最低价" style={{ width: 200 }} />
            </Form.Item>
          </Space>
        </>
      );
    case 'train':
      return (
        <Form.Item label="可用席别" name={[...r, 'seat_type']}>
          {tags('如 二等座')}
        </Form.Item>
      );
    case 'hotel':
      return (
        <>
          <Form.Item label="可用城市" name={[...r, 'hotel_city']}>
            {tags('不填为不限，如 310100')}
          </Form.Item>
          <Form.Item label="可用房型" name={[...r, 'room_classes']}>
            {tags('不填为不限')}
          </Form.Item>
        </>
      );
    case 'bus':
    case 'subway':
      return (
        <>
          <Form.Item
            label="限制乘车卡"
            name={[...r, 'card_limit']}
            getValueProps={(v) => ({ checked: v === 1 })}
            normalize={(v) => (v ? 1 : 0)}
          >
            <Switch />
          </Form.Item>
          <Form.Item label="乘车卡" name={[...r, 'card_types']}>
            <Checkbox.Group options={optionsOf(TrafficCard, TrafficCardLabel)} />
          </Form.Item>
        </>
      );
    default:
      // apply, report, control_mode: set by the scene info above.
      return null;
  }
}
