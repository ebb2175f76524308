import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Result, Select, Space, Spin, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useReducer, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BILL_TYPE_LABEL, BILL_TYPES, formatDateTime, type BillType } from '@feikong/contracts';
import { formApi, type FormDetail } from '@/api/form';
import { parseReplyError } from '@/api/http/request';
import { useUnsavedChanges } from '@/platform/unsaved';
import { useAccess } from '@/components/Access';
import { FormDesigner } from '../components/FormDesigner';
import {
  designerReducer,
  fieldIssues,
  issueLines,
  type DesignerAction,
  type FieldIssues,
} from '../form/designer';
import { FLOW_PERM, formDetailQuery, useFlowMutation } from '../hooks/queries';

/**
 * 表单设计 (flow/FormEdit, /flow/formEdit?id=): name, bill type, description and the designer. Bad or
 * duplicate keys, empty titles and options are shown beside their fields before anything is sent; 保存草稿
 * keeps the draft; 发布 saves and publishes a new version (已发布第 N 版) which new documents of the bill type
 * are filled with, while documents already made keep theirs.
 */
export default function FormEditPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const detail = useQuery({ ...formDetailQuery(id ?? 0), enabled: !!id });
  if (id && detail.isError)
    return <Result status="warning" title="表单不存在或已删除" extra={<BackButton />} />;
  if (id && !detail.data) return <Spin style={{ display: 'block', margin: 80 }} />;
  return (
    <Editor
      key={id ?? 'new'}
      detail={id ? detail.data : undefined}
      onCreated={(newId) => setParams({ id: String(newId) }, { replace: true })}
    />
  );
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/flow/formList')}>
      返回表单列表
    </Button>
  );
}

/** `fields.2.key` of a refused save → field 2's key issue; anything else is a message of the form. */
function serverIssues(fields: { field: string; msg: string }[]) {
  const byField = new Map<number, FieldIssues>();
  const rest: string[] = [];
  for (const f of fields) {
    const m = /^fields\.(\d+)\.(key|label|options|min|max)/.exec(f.field);
    if (!m) {
      rest.push(f.msg);
      continue;
    }
    const prop = m[2] === 'min' || m[2] === 'max' ? 'range' : (m[2] as keyof FieldIssues);
    byField.set(Number(m[1]), { ...byField.get(Number(m[1])), [prop]: f.msg });
  }
  return { byField, rest };
}

function Editor({ detail, onCreated }: { detail?: FormDetail; onCreated: (id: number) => void }) {
  const { message } = App.useApp();
  const { can } = useAccess();
  const canSave = can([detail ? FLOW_PERM.edit : FLOW_PERM.add]);
  const [meta, setMeta] = useState({
    name: detail?.name ?? '',
    billType: (detail?.billType ?? 'expense') as BillType,
    description: detail?.description ?? '',
  });
  const [state, rawDispatch] = useReducer(designerReducer, {
    fields: detail?.fields ?? [],
    selected: detail?.fields.length ? 0 : null,
  });
  const [dirty, setDirty] = useState(false);
  const [tried, setTried] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [fromServer, setFromServer] = useState<Map<number, FieldIssues>>(new Map());
  const [createdId, setCreatedId] = useState<number>();
  const save = useFlowMutation(formApi.save);
  const publish = useFlowMutation(formApi.publish);
  useUnsavedChanges(dirty ? '表单设计尚未保存，确定离开吗？' : null);

  const dispatch = (a: DesignerAction) => {
    rawDispatch(a);
    if (a.type !== 'select') {
      setDirty(true);
      setFromServer(new Map());
      setProblems([]);
    }
  };
  const local = useMemo(() => fieldIssues(state.fields), [state.fields]);
  const issues = useMemo(() => {
    const all = new Map(local);
    for (const [i, v] of fromServer) all.set(i, { ...all.get(i), ...v });
    return all;
  }, [local, fromServer]);

  /** Checks the form here first; answers the saved id, or null when refused. */
  const doSave = async (): Promise<number | null> => {
    setTried(true);
    const found = [
      ...(!meta.name.trim() ? ['请填写表单名称'] : []),
      ...(state.fields.length === 0 ? ['请至少添加一个字段'] : []),
      ...issueLines(state.fields),
    ];
    setProblems(found);
    if (found.length) return null;
    try {
      const r = await save.mutateAsync({
        id: detail?.id ?? createdId,
        name: meta.name.trim(),
        billType: meta.billType,
        description: meta.description.trim(),
        fields: state.fields,
      });
      setDirty(false);
      // A new form saved here keeps its id even while the page stays (a refused publish).
      setCreatedId(r.id);
      return r.id;
    } catch (e) {
      refused(e);
      return null;
    }
  };

  const refused = (e: unknown) => {
    const d = parseReplyError(e);
    if (d.action === 'fields') {
      const { byField, rest } = serverIssues(d.fields);
      setFromServer(byField);
      setProblems(rest.length ? rest : [d.message]);
    } else if (d.action === 'toast') setProblems([d.message]);
  };

  const onSaveDraft = async () => {
    const savedId = await doSave();
    if (savedId === null) return;
    void message.success('草稿已保存');
    if (!detail) onCreated(savedId);
  };

  const onPublish = async () => {
    const savedId = await doSave();
    if (savedId === null) return;
    try {
      const r = await publish.mutateAsync(savedId);
      void message.success(`已发布第 ${r.version} 版`);
      if (!detail) onCreated(savedId);
    } catch (e) {
      refused(e);
    }
  };

  const version = detail?.version ?? 0;
  return (
    <Card
      className="fk-panel"
      data-testid="form-edit"
      title={
        <Space>
          <BackButton />
          <span>{detail ? `表单设计 · ${detail.name}` : '新建表单'}</span>
          {version > 0 ? (
            <Tooltip
              title={detail?.versions
                .map(
                  (v) =>
                    `V${v.version} ${formatDateTime(v.publishedAt, 'YYYY-MM-DD HH:mm')} ${v.publishedByName}`,
                )
                .join('\n')}
            >
              <Tag color="blue" data-testid="form-version">
                当前版本 V{version}
              </Tag>
            </Tooltip>
          ) : (
            <Tag data-testid="form-version">未发布</Tag>
          )}
          {detail?.hasDraft && version > 0 && <Tag color="orange">有未发布的修改</Tag>}
        </Space>
      }
      extra={
        canSave && (
          <Space>
            <Button loading={save.isPending && !publish.isPending} onClick={() => void onSaveDraft()}>
              保存草稿
            </Button>
            <Button type="primary" loading={publish.isPending} onClick={() => void onPublish()}>
              发布
            </Button>
          </Space>
        )
      }
    >
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }} disabled={!canSave}>
        <Form.Item
          label="表单名称"
          required
          validateStatus={tried && !meta.name.trim() ? 'error' : undefined}
        >
          <Input
            style={{ width: 220 }}
            maxLength={50}
            value={meta.name}
            placeholder="如：差旅报销单"
            aria-label="表单名称"
            onChange={(e) => {
              setMeta((m) => ({ ...m, name: e.target.value }));
              setDirty(true);
            }}
          />
        </Form.Item>
        <Form.Item label="单据类型" required>
          <Select
            style={{ width: 140 }}
            value={meta.billType}
            aria-label="单据类型"
            options={BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }))}
            onChange={(v) => {
              setMeta((m) => ({ ...m, billType: v }));
              setDirty(true);
            }}
          />
        </Form.Item>
        <Form.Item label="说明">
          <Input
            style={{ width: 260 }}
            maxLength={200}
            value={meta.description}
            aria-label="说明"
            onChange={(e) => {
              setMeta((m) => ({ ...m, description: e.target.value }));
              setDirty(true);
            }}
          />
        </Form.Item>
      </Form>
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setProblems([]) }}
          style={{ marginBottom: 12 }}
          title="表单还不能保存，请先处理以下问题："
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="form-issues">
              {problems.map((p, k) => (
                <li key={k}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      <FormDesigner state={state} dispatch={dispatch} issues={issues} readOnly={!canSave} />
    </Card>
  );
}
