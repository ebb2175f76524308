import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Result, Select, Space, Spin, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BILL_TYPE_LABEL, BILL_TYPES, formatDateTime, type BillType } from '@feikong/contracts';
import { flowApi, type FlowDetail } from '@/api/flow';
import { RequestError } from '@/api/http/request';
import { useUnsavedChanges } from '@/platform/unsaved';
import { useAccess } from '@/components/Access';
import { FlowDesigner } from '../components/FlowDesigner';
import { SimulatorDrawer } from '../components/Simulator';
import {
  FLOW_PERM,
  flowDetailQuery,
  groupsQuery,
  useDesignerOptions,
  useFlowMutation,
} from '../hooks/queries';
import { useStaffNames } from '../hooks/useStaffNames';
import { newDefinition } from '../rules/ops';
import type { DefinitionIssue, FlowDefinition } from '../rules/types';
import { validateFlow } from '../rules/validate';

interface ServerIssue {
  nodeId: string | null;
  message: string;
}

interface Draft {
  name: string;
  groupId?: number;
  billType: BillType;
  remark: string;
  def: FlowDefinition;
}

const fromDetail = (d: FlowDetail): Draft => ({
  name: d.name,
  groupId: d.groupId,
  billType: d.billType as BillType,
  remark: d.remark,
  def: d.definition,
});

/**
 * 流程设计 (flow/FlowEdit, ?id=): name, group, bill type and the designer. 保存草稿 keeps the draft; 发布
 * checks the flow (Chinese messages, bad nodes marked red), saves and publishes a new version (documents in
 * flight keep theirs); 模拟 runs the draft against recent documents.
 */
export default function FlowEditPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const detail = useQuery({ ...flowDetailQuery(id ?? 0), enabled: !!id });
  if (id && detail.isError) {
    return <Result status="warning" title="流程不存在或已删除" extra={<BackButton />} />;
  }
  if (id && !detail.data) return <Spin style={{ display: 'block', margin: 80 }} />;
  return (
    <Editor
      key={id ?? 'new'}
      detail={id ? detail.data : undefined}
      initialGroup={Number(params.get('groupId')) || undefined}
      onCreated={(newId) => setParams({ id: String(newId) }, { replace: true })}
    />
  );
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/flow/list')}>
      返回流程列表
    </Button>
  );
}

function Editor({
  detail,
  initialGroup,
  onCreated,
}: {
  detail?: FlowDetail;
  initialGroup?: number;
  onCreated: (id: number) => void;
}) {
  const { message } = App.useApp();
  const { can } = useAccess();
  const canSave = can([detail ? FLOW_PERM.edit : FLOW_PERM.add]);
  const [draft, setDraft] = useState<Draft>(() =>
    detail
      ? fromDetail(detail)
      : { name: '', groupId: initialGroup, billType: 'expense', remark: '', def: newDefinition('new', '') },
  );
  const [dirty, setDirty] = useState(false);
  const [createdId, setCreatedId] = useState<number>();
  const [issues, setIssues] = useState<DefinitionIssue[]>([]);
  const [simOpen, setSimOpen] = useState(false);
  const groups = useQuery(groupsQuery);
  const options = useDesignerOptions(draft.billType);
  const staffName = useStaffNames(draft.def);
  const save = useFlowMutation(flowApi.save);
  const publish = useFlowMutation(flowApi.publish);
  useUnsavedChanges(dirty ? '流程设计尚未保存，确定离开吗？' : null);

  useEffect(() => {
    if (!draft.groupId && groups.data?.length) setDraft((d) => ({ ...d, groupId: groups.data[0]!.id }));
  }, [groups.data, draft.groupId]);

  const edit = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
    if (issues.length) setIssues([]);
  };
  const def = useMemo(() => ({ ...draft.def, name: draft.name }), [draft.def, draft.name]);
  const invalidIds = useMemo(() => new Set(issues.flatMap((i) => (i.nodeId ? [i.nodeId] : []))), [issues]);

  const check = (): boolean => {
    const found = validateFlow(def);
    if (!draft.groupId) found.unshift({ message: '请选择流程分组' });
    setIssues(found);
    return found.length === 0;
  };

  const doSave = async (): Promise<number> => {
    const r = await save.mutateAsync({
      id: detail?.id ?? createdId,
      name: draft.name.trim(),
      groupId: draft.groupId!,
      billType: draft.billType,
      remark: draft.remark,
      nodes: draft.def.nodes,
    });
    setDirty(false);
    // A new flow saved here keeps its id even while the page stays (a refused publish).
    setCreatedId(r.id);
    return r.id;
  };

  const onSaveDraft = async () => {
    if (!draft.name.trim() || !draft.groupId) {
      setIssues([
        ...(!draft.name.trim() ? [{ message: '请填写流程名称' }] : []),
        ...(!draft.groupId ? [{ message: '请选择流程分组' }] : []),
      ]);
      return;
    }
    const savedId = await doSave();
    void message.success('草稿已保存');
    if (!detail) onCreated(savedId);
  };

  const onPublish = async () => {
    if (!check()) return;
    const savedId = await doSave();
    try {
      const r = await publish.mutateAsync(savedId);
      void message.success(`发布成功，当前版本 V${r.version}`);
      if (!detail) onCreated(savedId);
    } catch (e) {
      // The server's own checks (people, groups, matrices that no longer exist) name their nodes.
      const found =
        e instanceof RequestError ? (e.data as { issues?: ServerIssue[] } | undefined)?.issues : undefined;
      if (found?.length)
        setIssues(
          found.map((i) => (i.nodeId ? { nodeId: i.nodeId, message: i.message } : { message: i.message })),
        );
      else void message.error(e instanceof RequestError ? e.msg : '发布失败');
    }
  };

  const version = detail?.version ?? 0;
  return (
    <Card
      className="fk-panel"
      data-testid="flow-edit"
      title={
        <Space>
          <BackButton />
          <span>{detail ? `流程设计 · ${detail.name}` : '新建流程'}</span>
          {version > 0 ? (
            <Tooltip
              title={detail?.versions
                .map(
                  (v) =>
                    `V${v.version} ${formatDateTime(v.publishedAt, 'YYYY-MM-DD HH:mm')} ${v.publishedByName}`,
                )
                .join('\n')}
            >
              <Tag color="blue" data-testid="flow-version">
                当前版本 V{version}
              </Tag>
            </Tooltip>
          ) : (
            <Tag data-testid="flow-version">未发布</Tag>
          )}
          {detail?.hasDraft && version > 0 && <Tag color="orange">有未发布的修改</Tag>}
        </Space>
      }
      extra={
        <Space>
          <Button onClick={() => setSimOpen(true)}>模拟</Button>
          {canSave && (
            <>
              <Button loading={save.isPending && !publish.isPending} onClick={() => void onSaveDraft()}>
                保存草稿
              </Button>
              <Button type="primary" loading={publish.isPending} onClick={() => void onPublish()}>
                发布
              </Button>
            </>
          )}
        </Space>
      }
    >
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }} disabled={!canSave}>
        <Form.Item label="流程名称" required>
          <Input
            style={{ width: 220 }}
            maxLength={50}
            value={draft.name}
            placeholder="如：差旅报销审批"
            onChange={(e) => edit({ name: e.target.value })}
            aria-label="流程名称"
          />
        </Form.Item>
        <Form.Item label="流程分组" required>
          <Select
            style={{ width: 160 }}
            value={draft.groupId}
            placeholder="选择分组"
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            onChange={(v) => edit({ groupId: v })}
            aria-label="流程分组"
          />
        </Form.Item>
        <Form.Item label="单据类型" required>
          <Select
            style={{ width: 140 }}
            value={draft.billType}
            options={BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }))}
            onChange={(v) => edit({ billType: v })}
            aria-label="单据类型"
          />
        </Form.Item>
        <Form.Item label="说明">
          <Input
            style={{ width: 240 }}
            maxLength={200}
            value={draft.remark}
            onChange={(e) => edit({ remark: e.target.value })}
            aria-label="说明"
          />
        </Form.Item>
      </Form>
      {issues.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setIssues([]) }}
          style={{ marginBottom: 12 }}
          title="流程还不能发布，请先处理以下问题："
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="flow-issues">
              {issues.map((i, k) => (
                <li key={k}>{i.message}</li>
              ))}
            </ul>
          }
        />
      )}
      <FlowDesigner
        value={def}
        onChange={(d) => edit({ def: d })}
        options={options}
        names={{
          staff: staffName,
          group: (gid) => options.groups.find((g) => g.value === gid)?.label,
          matrix: (mid) => options.matrices.find((m) => m.value === mid)?.label,
          department: (did) => options.departments.find((o) => o.value === did)?.label,
        }}
        invalidIds={invalidIds}
        readOnly={!canSave}
      />
      <SimulatorDrawer
        open={simOpen}
        onClose={() => setSimOpen(false)}
        body={{ id: detail?.id ?? createdId, billType: draft.billType, nodes: draft.def.nodes }}
      />
    </Card>
  );
}
