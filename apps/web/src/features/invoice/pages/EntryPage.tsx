import { InboxOutlined, LockOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  List,
  Row,
  Select,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  INVOICE_KIND_LABEL,
  INVOICE_KINDS,
  INVOICE_SOURCE_LABEL,
  LOCKED_FIELD_HINT,
  type InvoiceKind,
} from '@feikong/contracts';
import { invoiceApi } from '@/api/invoice';
import { parseReplyError } from '@/api/http/request';
import { uploadFile } from '@/api/http/upload';
import { Access } from '@/components/Access';
import { useDebouncedClick } from '@/components/directives';
import { TicketDialog, type TicketView } from '../components/TravelTicket';
import {
  cardOf,
  inputOf,
  isEdited,
  missingFields,
  ticketKind,
  TRAVEL_FIELDS,
  type DraftCard,
  type DraftField,
  type TravelField,
} from '../entry';
import { INVOICE_PERM, invoiceKeys } from '../hooks/queries';
import { buyLinkOf, refusalIndex } from '../rules';

const ACCEPT = '.jpg,.jpeg,.png,.pdf,.ofd,.xml';
const ALLOWED = /\.(jpe?g|png|pdf|ofd|xml)$/i;

const LABEL: Record<DraftField, string> = {
  code: '发票代码',
  number: '发票号码',
  billingDate: '开票日期',
  amount: '金额（元）',
  tax: '税额（元）',
  total: '价税合计（元）',
  checkCode: '校验码',
  buyerName: '购买方名称',
  buyerTaxId: '购买方税号',
  sellerName: '销售方名称',
  sellerTaxId: '销售方税号',
  machineNo: '机器编号',
};
const LAYOUT: DraftField[][] = [
  ['code', 'number', 'billingDate'],
  ['amount', 'tax', 'total'],
  ['checkCode', 'machineNo'],
  ['buyerName', 'buyerTaxId'],
  ['sellerName', 'sellerTaxId'],
];

const TRAVEL_LABEL: Record<'train' | 'air', Record<TravelField, string>> = {
  train: {
    passenger: '乘车人',
    from: '出发站',
    to: '到达站',
    trainOrFlight: '车次',
    seatClass: '座位类型',
    travelDate: '乘车日期',
    ticketNo: '电子客票号',
  },
  air: {
    passenger: '旅客姓名',
    from: '出发地',
    to: '到达地',
    trainOrFlight: '航班号',
    seatClass: '座位等级',
    travelDate: '乘机日期',
    ticketNo: '电子客票号码',
  },
};

/** A card's ticket as its dialog shows it (the amounts as the card holds them, in 分). */
function ticketViewOf(card: DraftCard): TicketView | null {
  const kind = ticketKind(card.kind);
  if (!kind) return null;
  const fen = (t: string) =>
    t.trim() === '' || Number.isNaN(Number(t)) ? undefined : Math.round(Number(t) * 100);
  return {
    kind,
    number: card.values.number,
    billingDate: card.values.billingDate,
    total: fen(card.values.total),
    tax: fen(card.values.tax),
    amount: fen(card.values.amount),
    buyerName: card.values.buyerName,
    buyerTaxId: card.values.buyerTaxId,
    travel: card.travel,
  };
}

interface FileState {
  uid: string;
  name: string;
  status: 'working' | 'done' | 'failed';
  message?: string;
}

function DraftCardView({
  card,
  index,
  onChange,
  onRemove,
  onShowTicket,
}: {
  card: DraftCard;
  index: number;
  onChange: (c: DraftCard) => void;
  onRemove: () => void;
  onShowTicket: () => void;
}) {
  const ticket = ticketKind(card.kind);
  const set = (f: DraftField, v: string) => {
    const fieldErrors = { ...card.fieldErrors };
    delete fieldErrors[f];
    onChange({ ...card, values: { ...card.values, [f]: v }, fieldErrors, refusal: undefined });
  };
  return (
    <Card
      size="small"
      data-testid={`draft-${index}`}
      style={{ marginBottom: 12, borderColor: card.refusal ? '#ff4d4f' : undefined }}
      title={
        <Space>
          <span>第{index + 1}张</span>
          <Typography.Text type="secondary">{card.fileName}</Typography.Text>
          <Tag>{INVOICE_SOURCE_LABEL[card.source]}</Tag>
        </Space>
      }
      extra={
        <Space size={0}>
          {ticket && (
            <Button size="small" type="link" onClick={onShowTicket}>
              {ticket === 'train' ? '查看车票' : '查看行程单'}
            </Button>
          )}
          <Button size="small" type="link" danger onClick={onRemove}>
            移除
          </Button>
        </Space>
      }
    >
      {card.refusal && (
        <Alert
          data-testid={`draft-refusal-${index}`}
          type="error"
          showIcon
          message={card.refusal}
          style={{ marginBottom: 8 }}
        />
      )}
      {card.warnings.map((w) => (
        <Alert key={w} type="warning" showIcon message={w} style={{ marginBottom: 8 }} />
      ))}
      {card.locked.length > 0 && (
        <Alert
          data-testid={`draft-locked-${index}`}
          type="info"
          showIcon
          icon={<LockOutlined />}
          message={`带锁形图标的字段${LOCKED_FIELD_HINT}`}
          style={{ marginBottom: 8 }}
        />
      )}
      <Form layout="vertical" component="div">
        <Form.Item label="发票类型" style={{ marginBottom: 8 }}>
          <Select
            aria-label={`第${index + 1}张发票类型`}
            disabled={card.kindLocked}
            title={card.kindLocked ? LOCKED_FIELD_HINT : undefined}
            value={card.kind}
            options={INVOICE_KINDS.map((k) => ({ value: k, label: INVOICE_KIND_LABEL[k] }))}
            onChange={(k: InvoiceKind) => onChange({ ...card, kind: k, refusal: undefined })}
          />
        </Form.Item>
        {LAYOUT.map((line) => (
          <Row gutter={12} key={line.join()}>
            {line.map((f) => {
              const locked = card.locked.includes(f);
              const low = !locked && card.lowConfidence.includes(f);
              const edited = isEdited(card, f);
              const err = card.fieldErrors[f];
              return (
                <Col span={24 / line.length} key={f}>
                  <Form.Item
                    label={
                      <span>
                        {LABEL[f]}
                        {low && (
                          <Tag color="orange" style={{ marginLeft: 6 }}>
                            请核对
                          </Tag>
                        )}
                        {edited && (
                          <Tag color="blue" style={{ marginLeft: 6 }}>
                            已修改
                          </Tag>
                        )}
                      </span>
                    }
                    validateStatus={err ? 'error' : low ? 'warning' : undefined}
                    help={err ?? (edited ? `原识别值：${card.recognised[f].trim() || '未识别'}` : undefined)}
                    style={{ marginBottom: 8 }}
                  >
                    <Input
                      aria-label={`第${index + 1}张${LABEL[f]}`}
                      data-low-confidence={low ? 'true' : undefined}
                      data-locked={locked ? 'true' : undefined}
                      readOnly={locked}
                      variant={locked ? 'filled' : undefined}
                      title={locked ? LOCKED_FIELD_HINT : undefined}
                      suffix={locked ? <LockOutlined style={{ color: '#8c8c8c' }} /> : undefined}
                      value={card.values[f]}
                      placeholder={f === 'billingDate' ? 'YYYY-MM-DD' : undefined}
                      onChange={(e) => set(f, e.target.value)}
                    />
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        ))}
        {ticket && (
          <Row gutter={12} data-testid={`draft-travel-${index}`}>
            {TRAVEL_FIELDS.map((f) => (
              <Col span={6} key={f}>
                <Form.Item label={TRAVEL_LABEL[ticket][f]} style={{ marginBottom: 8 }}>
                  <Input
                    aria-label={`第${index + 1}张${TRAVEL_LABEL[ticket][f]}`}
                    value={card.travel[f] ?? ''}
                    onChange={(e) => onChange({ ...card, travel: { ...card.travel, [f]: e.target.value } })}
                  />
                </Form.Item>
              </Col>
            ))}
            {card.travel.idNo && (
              <Col span={6}>
                <Form.Item label="身份证件号码" style={{ marginBottom: 8 }}>
                  <Input aria-label={`第${index + 1}张身份证件号码`} value={card.travel.idNo} disabled />
                </Form.Item>
              </Col>
            )}
          </Row>
        )}
      </Form>
    </Card>
  );
}

/**
 * 发票录入 (invoice/Entry): choose invoice files (jpg/png/pdf/ofd, several), each is uploaded and
 * recognised (ocrCheck); every recognised invoice becomes an editable card, doubtful fields marked
 * 请核对, warnings shown. 保存 sends them all (saveInvoices, all or nothing); a refusal shows next to
 * the invoice it is about.
 */
export default function EntryPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [files, setFiles] = useState<FileState[]>([]);
  const [cards, setCards] = useState<DraftCard[]>([]);
  const [saving, setSaving] = useState(false);
  const [batchError, setBatchError] = useState<string | null>(null);
  const [buyLink, setBuyLink] = useState<string | null>(null);
  /** The card whose ticket dialog is open (a railway ticket or air itinerary opens its own on upload). */
  const [ticketOf, setTicketOf] = useState<string | null>(null);

  const patchFile = (uid: string, patch: Partial<FileState>) =>
    setFiles((fs) => fs.map((f) => (f.uid === uid ? { ...f, ...patch } : f)));

  const recognise = async (file: File, uid: string) => {
    setFiles((fs) => [...fs, { uid, name: file.name, status: 'working' }]);
    try {
      const up = await uploadFile(file, 'invoice');
      const reply = await invoiceApi.ocrCheck({ file_key: up.key, file_name: file.name });
      if (reply.items.length === 0) {
        patchFile(uid, { status: 'failed', message: '未识别到发票' });
        return;
      }
      const added = reply.items.map((d, i) => cardOf(d, file.name, `${uid}-${i}`));
      setCards((cs) => [...cs, ...added]);
      const ticket = added.find((c) => ticketKind(c.kind));
      if (ticket) setTicketOf((open) => open ?? ticket.id);
      patchFile(uid, { status: 'done', message: `识别到${reply.items.length}张发票` });
    } catch (e) {
      const d = parseReplyError(e);
      const msg =
        e instanceof Error && !('kind' in e) ? e.message : d.action === 'ignore' ? '已取消' : d.message;
      patchFile(uid, { status: 'failed', message: msg });
    }
  };

  const save = async () => {
    setBatchError(null);
    setBuyLink(null);
    if (cards.length === 0) {
      void message.warning('请先上传发票');
      return;
    }
    // what must be there, before asking the server
    const checked = cards.map((c) => ({ ...c, fieldErrors: missingFields(c), refusal: undefined }));
    if (checked.some((c) => Object.keys(c.fieldErrors).length > 0)) {
      setCards(checked);
      void message.warning('请完善标红的发票信息');
      return;
    }
    setSaving(true);
    try {
      const res = await invoiceApi.saveInvoices(cards.map(inputOf));
      void message.success(`已保存${res.items.length}张发票`);
      setCards([]);
      setFiles([]);
      await qc.invalidateQueries({ queryKey: invoiceKeys.all });
    } catch (e) {
      const d = parseReplyError(e);
      if (d.action === 'ignore') return;
      const fields = d.action === 'fields' ? d.fields : [];
      const idx = refusalIndex(d.action === 'logout' ? '' : d.message, fields);
      if (idx === null || idx >= cards.length) {
        setBatchError(d.action === 'logout' ? null : d.message);
        setBuyLink(buyLinkOf(e));
        return;
      }
      const fieldErrors: Partial<Record<string, string>> = {};
      for (const f of fields) {
        const m = /^invoices\.(\d+)\.([^.]+)/.exec(f.field);
        if (m && Number(m[1]) === idx) fieldErrors[m[2]] = f.msg;
      }
      setCards((cs) =>
        cs.map((c, i) =>
          i === idx ? { ...c, refusal: d.action === 'logout' ? undefined : d.message, fieldErrors } : c,
        ),
      );
    } finally {
      setSaving(false);
    }
  };

  const working = files.some((f) => f.status === 'working');
  const saveOnce = useDebouncedClick(save);

  return (
    <Card
      title="发票录入"
      className="fk-panel"
      data-testid="invoice-entry"
      extra={<Button onClick={() => navigate('/invoice/personList')}>返回我的发票</Button>}
    >
      <Access
        perms={[INVOICE_PERM.add]}
        fallback={<Alert type="warning" showIcon message="您没有录入发票的权限" />}
      >
        <Upload.Dragger
          multiple
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!ALLOWED.test(file.name)) {
              void message.warning(`${file.name}：仅支持jpg、png、pdf、ofd、xml格式的文件`);
              return Upload.LIST_IGNORE;
            }
            void recognise(file, file.uid);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽发票文件到此处上传</p>
          <p className="ant-upload-hint">支持jpg、png、pdf、ofd、xml格式，可一次选择多个文件</p>
        </Upload.Dragger>
        {files.length > 0 && (
          <List
            size="small"
            style={{ marginTop: 12 }}
            dataSource={files}
            renderItem={(f) => (
              <List.Item data-testid={`file-${f.name}`}>
                <span>{f.name}</span>
                <Typography.Text
                  type={f.status === 'failed' ? 'danger' : f.status === 'done' ? 'success' : 'secondary'}
                >
                  {f.status === 'working' ? '上传识别中…' : f.message}
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
        <div style={{ marginTop: 16 }}>
          {batchError && (
            <Alert
              data-testid="entry-error"
              type="error"
              showIcon
              message={batchError}
              style={{ marginBottom: 12 }}
              action={
                buyLink && (
                  <Button size="small" type="primary" onClick={() => navigate(buyLink)}>
                    去购买
                  </Button>
                )
              }
            />
          )}
          {cards.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="上传发票后，识别结果将显示在这里" />
          ) : (
            cards.map((c, i) => (
              <DraftCardView
                key={c.id}
                card={c}
                index={i}
                onChange={(next) => setCards((cs) => cs.map((x) => (x.id === c.id ? next : x)))}
                onRemove={() => setCards((cs) => cs.filter((x) => x.id !== c.id))}
                onShowTicket={() => setTicketOf(c.id)}
              />
            ))
          )}
        </div>
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" loading={saving} disabled={working || cards.length === 0} onClick={saveOnce}>
            保存
          </Button>
          <Typography.Text type="secondary">
            保存时逐张查验，每张使用1次查验次数；任一张未通过则都不保存。
          </Typography.Text>
        </Space>
      </Access>
      <TicketDialog
        view={(() => {
          const card = cards.find((c) => c.id === ticketOf);
          return card ? ticketViewOf(card) : null;
        })()}
        onClose={() => setTicketOf(null)}
      />
    </Card>
  );
}
