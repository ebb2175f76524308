import { App, Button, Card, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Space } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CARD_BATCH_MAX,
  CardType,
  CardTypeLabel,
  formatDateTime,
  optionsOf,
  yuanToCents,
} from '@feikong/contracts';
import { cardApi, type CardBatchItem } from '@/api/card';
import { useAccess } from '@/components/Access';
import { applyFieldErrors } from '@/components/formErrors';
import { ListTable, moneyColumn, type ListColumn } from '@/components/ListPage';
import { StaffPicker } from '@/components/StaffPicker';
import { CARD_LIST, CARD_PERM, cardBatchQuery, useCardMutation } from '../queries';

interface FormValues {
  card_type: number;
  card_batch_no: string;
  begin_no?: string;
  end_no?: string;
  card_count: number;
  amount: number;
  user?: number[];
  operate_sequence: number;
  send_mail?: boolean;
  memo?: string;
}
const FIELDS = [
  'card_type',
  'card_batch_no',
  'begin_no',
  'end_no',
  'card_count',
  'amount',
  'user',
  'operate_sequence',
  'send_mail',
  'memo',
];

const BATCH_COLUMNS: ListColumn<CardBatchItem>[] = [
  { title: '批次号', role: 'key', dataIndex: 'card_batch_no', width: 150 },
  { title: '卡片类型', dataIndex: 'cardTypeText', width: 90 },
  {
    title: '卡号段',
    dataIndex: 'begin_no',
    width: 300,
    render: (_: string, r) => `${r.begin_no} ～ ${r.end_no}`,
  },
  { title: '卡片数量', dataIndex: 'card_count', width: 90, align: 'right' },
  moneyColumn<CardBatchItem>('每卡金额(元)', 'amount'),
  moneyColumn<CardBatchItem>('合计(元)', 'total'),
  { title: '邮件发送', dataIndex: 'send_mail', width: 80, render: (v: boolean) => (v ? '是' : '否') },
  { title: '发放人', dataIndex: 'created_by_name', width: 100 },
  {
    title: '发放时间',
    dataIndex: 'created_at',
    width: 140,
    render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
  },
];

/**
 * 卡片发放 (cardPay/CardRelease, /cardPay/cardRelease; quota release type 5; decision 0057): 实体卡 by a
 * number range (起始卡号…结束卡号, 卡片数量 must match) or 电子卡 (numbers generated), 每卡金额, 持卡人 assigned
 * from 分配起始序号 on; 邮件发送电子卡 only when the batch is of e-cards (spec 5). A batch number releases once.
 * Below: 发放记录.
 */
export default function CardReleasePage() {
  const { can } = useAccess();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const cardType = Form.useWatch('card_type', form) ?? CardType.eCard;
  const [page, setPageState] = useState({ pageNum: 1, pageSize: 10 });
  const batches = useQuery({
    ...cardBatchQuery({ page_num: page.pageNum, page_size: page.pageSize }),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const release = useCardMutation(cardApi.release);
  const canEdit = can([CARD_PERM.releaseEdit]);

  const submit = async () => {
    const v = await form.validateFields();
    const physical = v.card_type === CardType.card;
    try {
      const r = await release.mutateAsync({
        card_type: v.card_type,
        card_batch_no: v.card_batch_no,
        begin_no: physical ? (v.begin_no ?? '') : '',
        end_no: physical ? (v.end_no ?? '') : '',
        card_count: v.card_count,
        amount: yuanToCents(v.amount) ?? 0,
        user: v.user ?? [],
        operate_sequence: v.operate_sequence ?? 0,
        send_mail: !physical && v.send_mail === true,
        memo: v.memo ?? '',
      });
      void message.success(r.created ? `已发放${r.card_count}张卡片` : '该批次已发放过，未重复发放');
      navigate(`${CARD_LIST}?card_batch_no=${encodeURIComponent(r.card_batch_no)}`);
    } catch (err) {
      applyFieldErrors(form, err, FIELDS);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      {canEdit && (
        <Card title="卡片发放" className="fk-panel" data-testid="card-release">
          <Form<FormValues>
            form={form}
            layout="vertical"
            initialValues={{ card_type: CardType.eCard, card_count: 1, amount: 0, operate_sequence: 0 }}
          >
            <Row gutter={24}>
              <Col span={8}>
                <Form.Item name="card_type" label="卡片类型" rules={[{ required: true }]}>
                  <Radio.Group options={optionsOf(CardType, CardTypeLabel)} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="card_batch_no"
                  label="批次号"
                  rules={[
                    { required: true, message: '请填写批次号' },
                    {
                      pattern: /^[A-Za-z0-9_-]{1,32}$/,
                      message: '只能包含字母、数字、下划线和短横线，最多32个字符',
                    },
                  ]}
                >
                  <Input placeholder="如 2026-11-A" maxLength={32} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="card_count"
                  label="卡片数量"
                  rules={[{ required: true, message: '请填写卡片数量' }]}
                >
                  <InputNumber
                    min={1}
                    max={CARD_BATCH_MAX}
                    precision={0}
                    style={{ width: '100%' }}
                    addonAfter="张"
                  />
                </Form.Item>
              </Col>
              {cardType === CardType.card && (
                <>
                  <Col span={8}>
                    <Form.Item
                      name="begin_no"
                      label="起始卡号"
                      rules={[{ required: true, pattern: /^\d{6,19}$/, message: '请填写6至19位数字卡号' }]}
                    >
                      <Input maxLength={19} />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item
                      name="end_no"
                      label="结束卡号"
                      rules={[{ required: true, pattern: /^\d{6,19}$/, message: '请填写6至19位数字卡号' }]}
                    >
                      <Input maxLength={19} />
                    </Form.Item>
                  </Col>
                </>
              )}
              <Col span={8}>
                <Form.Item
                  name="amount"
                  label="每卡金额"
                  rules={[{ required: true, message: '请填写每卡金额' }]}
                >
                  <InputNumber min={0} precision={2} style={{ width: '100%' }} addonAfter="元" />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item name="user" label="持卡人" extra="按所选顺序依次分配卡片，未分配的卡片可稍后分配">
                  <StaffPicker onChange={(ids) => form.setFieldValue('user', ids)} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="operate_sequence"
                  label="分配起始序号"
                  extra="从第几张卡开始分配（0为第一张）"
                >
                  <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              {cardType === CardType.eCard && (
                <Col span={8}>
                  <Form.Item name="send_mail" label=" " valuePropName="checked">
                    <Checkbox>邮件发送电子卡给持卡人</Checkbox>
                  </Form.Item>
                </Col>
              )}
              <Col span={16}>
                <Form.Item name="memo" label="备注">
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
            </Row>
            <Button type="primary" loading={release.isPending} onClick={() => void submit()}>
              确定发放
            </Button>
          </Form>
        </Card>
      )}
      <Card title="发放记录" className="fk-panel">
        <ListTable<CardBatchItem>
          query={batches}
          paging={{
            ...page,
            setPage: (n, size) => setPageState({ pageNum: n, pageSize: size }),
            total: batches.data?.total,
          }}
          what="「发放记录」"
          columns={BATCH_COLUMNS}
          testId="card-batches"
        />
      </Card>
    </Space>
  );
}
