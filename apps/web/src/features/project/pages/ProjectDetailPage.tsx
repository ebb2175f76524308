import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Row,
  Select,
  Space,
  Spin,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  formatDateTime,
  optionsOf,
  PROJECT_CODE_PATTERN,
  ProjectStatus,
  ProjectStatusLabel,
} from '@feikong/contracts';
import { projectApi, type ProjectDetail } from '@/api/project';
import { useAccess } from '@/components/Access';
import { applyFieldErrors } from '@/components/formErrors';
import { StaffPicker } from '@/components/StaffPicker';
import { useUnsavedChanges } from '@/platform/unsaved';
import { PROJECT_PERM, projectInfoQuery, useProjectMutation } from '../queries';

interface FormValues {
  code: string;
  name: string;
  /** The picker's ids; one is kept. */
  owner_id: number[];
  member_ids: number[];
  period: [Dayjs | null, Dayjs | null] | null;
  status: number;
  remark: string;
}
/** Reply fields shown at their inputs; the period's (start_date, end_date) are toasted. */
const FIELDS = ['code', 'name', 'owner_id', 'member_ids', 'status', 'remark'];
const LIST = '/project/projectList';
const day = (s: string) => (s ? dayjs(s) : null);
const dayOut = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '');

/**
 * 项目新增 / 项目详情 (project/ProjectDetail, /project/projectDetail/:id?): code, name, owner, members, period,
 * status and remark. Without 编辑 permission the saved project is shown read-only. Leaving with unsaved
 * changes asks first (the breadcrumb and the menus too).
 */
export default function ProjectDetailPage() {
  const params = useParams();
  const id = Number(params.id) || 0;
  const info = useQuery({ ...projectInfoQuery(id), enabled: id > 0 });
  // The form takes its initial values once: wait for this visit's read, never a cached older one.
  if (id > 0 && !(info.data && info.isFetchedAfterMount))
    return <Card className="fk-panel">{info.isError ? '项目不存在或已被删除' : <Spin />}</Card>;
  return <ProjectForm key={id} id={id} saved={info.data} />;
}

function ProjectForm({ id, saved }: { id: number; saved?: ProjectDetail }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { can } = useAccess();
  const readOnly = !can([PROJECT_PERM.edit]);
  const [form] = Form.useForm<FormValues>();
  const [dirty, setDirty] = useState(false);
  const [done, setDone] = useState(false);
  useUnsavedChanges(dirty ? '项目有未保存的修改，确定离开吗？' : null);
  // Back to the list once saved, after the render that let the unsaved-changes guard go.
  useEffect(() => {
    if (done && !dirty) navigate(LIST);
  }, [done, dirty, navigate]);
  const add = useProjectMutation(projectApi.add);
  const update = useProjectMutation(projectApi.update);
  const setStatus = useProjectMutation(projectApi.status);

  const initial = useMemo<FormValues>(
    () => ({
      code: saved?.code ?? '',
      name: saved?.name ?? '',
      owner_id: saved ? [saved.owner_id] : [],
      member_ids: saved?.members.map((m) => m.id) ?? [],
      period:
        saved && (saved.start_date || saved.end_date) ? [day(saved.start_date), day(saved.end_date)] : null,
      status: saved?.status ?? ProjectStatus.active,
      remark: saved?.remark ?? '',
    }),
    [saved],
  );
  const labels = useMemo(() => {
    const out: Record<number, string> = {};
    if (saved) {
      out[saved.owner_id] = saved.owner_name;
      for (const m of saved.members) out[m.id] = m.name;
    }
    return out;
  }, [saved]);

  const save = async () => {
    const v = await form.validateFields();
    const body = {
      code: v.code.trim(),
      name: v.name.trim(),
      owner_id: v.owner_id[0],
      member_ids: v.member_ids ?? [],
      start_date: dayOut(v.period?.[0]),
      end_date: dayOut(v.period?.[1]),
      remark: v.remark ?? '',
    };
    try {
      if (id > 0) {
        await update.mutateAsync({ ...body, id });
        if (saved && v.status !== saved.status) await setStatus.mutateAsync({ id, status: v.status });
      } else await add.mutateAsync({ ...body, status: v.status });
    } catch (e) {
      applyFieldErrors(form, e, FIELDS);
      return;
    }
    setDirty(false);
    setDone(true);
    void message.success(id > 0 ? '项目已保存' : '项目已新增');
  };
  const busy = add.isPending || update.isPending || setStatus.isPending;

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={readOnly}
      onValuesChange={() => setDirty(true)}
      data-testid="project-detail"
    >
      <Card
        className="fk-panel"
        title={id > 0 ? `项目：${saved?.name ?? ''}` : '项目新增'}
        extra={
          <Space>
            <Button disabled={false} onClick={() => navigate(LIST)}>
              返回
            </Button>
            {!readOnly && (
              <Button type="primary" loading={busy} onClick={() => void save()}>
                保存
              </Button>
            )}
          </Space>
        }
      >
        <Row gutter={24}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              label="项目编码"
              name="code"
              rules={[
                { required: true, whitespace: true, message: '请输入项目编码' },
                { max: 32, message: '不能超过32个字符' },
                { pattern: PROJECT_CODE_PATTERN, message: '只能由字母、数字、下划线、点和短横线组成' },
              ]}
            >
              <Input placeholder="如 XM-2026-001" maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              label="项目名称"
              name="name"
              rules={[
                { required: true, whitespace: true, message: '请输入项目名称' },
                { max: 50, message: '不能超过50个字符' },
              ]}
            >
              <Input placeholder="请输入项目名称" maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item label="状态" name="status" rules={[{ required: true }]}>
              <Select options={optionsOf(ProjectStatus, ProjectStatusLabel)} aria-label="状态" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              label="项目负责人"
              name="owner_id"
              rules={[{ required: true, type: 'array', min: 1, message: '请选择项目负责人' }]}
              getValueFromEvent={(ids: number[]) => (ids.length ? [ids[ids.length - 1]] : [])}
            >
              <StaffField testId="project-owner" labels={labels} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={16}>
            <Form.Item label="项目成员" name="member_ids">
              <StaffField testId="project-members" labels={labels} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item label="项目周期" name="period">
              <DatePicker.RangePicker
                style={{ width: '100%' }}
                allowEmpty={[true, true]}
                placeholder={['开始日期', '结束日期']}
              />
            </Form.Item>
          </Col>
          <Col xs={24} xl={16}>
            <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '不能超过500个字符' }]}>
              <Input.TextArea rows={2} maxLength={500} placeholder="选填" />
            </Form.Item>
          </Col>
        </Row>
        {saved && (
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="创建人">{saved.created_by_name}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatDateTime(saved.created_at)}</Descriptions.Item>
            <Descriptions.Item label="最后修改人">{saved.updated_by_name}</Descriptions.Item>
            <Descriptions.Item label="最后修改时间">{formatDateTime(saved.updated_at)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
    </Form>
  );
}

/**
 * The owner (one staff member: the form keeps the last one chosen, getValueFromEvent above) or the members,
 * inside a test id the journey finds them by.
 */
function StaffField(props: {
  testId: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  labels: Record<number, string>;
}) {
  return (
    <div data-testid={props.testId}>
      <StaffPicker
        lookup="colleagues"
        value={props.value}
        onChange={(ids) => props.onChange?.(ids)}
        labels={props.labels}
      />
    </div>
  );
}
