import { Form, Input, InputNumber } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '@feikong/contracts';
import type { NamedItem } from '@/api/org';
import type { ListColumn } from '@/components/ListPage';

/** A row of a named dictionary staff members refer to (职级, 职位, 职称). */
type NamedRow = Pick<NamedItem, 'description' | 'order' | 'staff_count' | 'updated_at'>;

/** The columns after the name: 描述, 排序, 在职人数, 更新时间. */
export function namedColumns<T extends NamedRow>(): ListColumn<T>[] {
  return [
    {
      title: '描述',
      dataIndex: 'description',
      width: 240,
      ellipsis: true,
      render: (d: string) => d || <span className="fk-muted">-</span>,
    },
    { title: '排序', dataIndex: 'order', width: 80, align: 'right' },
    { title: '在职人数', dataIndex: 'staff_count', width: 100, align: 'right' },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (t: number) => formatDateTime(t) },
  ];
}

/** The form items of a named dictionary: <label>名称, then `children`, 描述 and 排序. */
export function NamedFormItems(p: {
  label: string;
  placeholder: string;
  descriptionRows: number;
  orderExtra?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Form.Item
        label={`${p.label}名称`}
        name="name"
        rules={[
          { required: true, whitespace: true, message: `请输入${p.label}名称` },
          { max: 50, message: '不能超过50个字符' },
        ]}
      >
        <Input maxLength={50} placeholder={p.placeholder} />
      </Form.Item>
      {p.children}
      <Form.Item label="描述" name="description" rules={[{ max: 200, message: '不能超过200个字符' }]}>
        <Input.TextArea rows={p.descriptionRows} maxLength={200} showCount placeholder="选填" />
      </Form.Item>
      <Form.Item label="排序" name="order" extra={p.orderExtra}>
        <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} placeholder="0" />
      </Form.Item>
    </>
  );
}
