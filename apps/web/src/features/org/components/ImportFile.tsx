import {
  ArrowLeftOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  DownloadOutlined,
  ExclamationCircleFilled,
  FileExcelOutlined,
  InboxOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import { App, Button, Space, Table, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { describeTaskResult, formatDateTime, TaskStatus, TaskStatusLabel } from '@feikong/contracts';
import { saveBlob, taskFile, tasksApi, type Task } from '@/api/tasks';
import { useTaskPolling } from '@/features/common';
import { taskKeys, tasksQuery } from '../hooks/queries';
import { checkImportFile, formatSize, IMPORT_ACCEPT, IMPORT_MAX_MB } from '../rules/upload';
import '../org.css';

export interface ImportFileProps {
  /** 1 organisation import, 2 member import. */
  operatingType: number;
  title: string;
  templatePath: string;
  templateName: string;
  notes: string[];
  testId: string;
}

const STATUS_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };

export function TaskStatusTag({ status }: { status: number }) {
  return (
    <Tag
      color={STATUS_COLOR[status] ?? 'default'}
      icon={status === TaskStatus.running ? <LoadingOutlined /> : undefined}
    >
      {TaskStatusLabel[status as 0 | 1 | 2] ?? '未知'}
    </Tag>
  );
}

const RESULT_ICON = {
  success: <CheckCircleFilled style={{ color: '#20a36b' }} />,
  warning: <ExclamationCircleFilled style={{ color: '#fa8c16' }} />,
  error: <CloseCircleFilled style={{ color: '#f04134' }} />,
};

/** The result block of a finished import: the spec's message, the counts and the failure file. */
function ImportResult({ task }: { task: Task }) {
  const result = describeTaskResult(task);
  const file = taskFile(task);
  const level = result.kind === 'import' || result.kind === 'failure' ? result.level : 'success';
  const text = result.kind === 'import' || result.kind === 'failure' ? result.message : '';
  return (
    <div data-testid="import-result">
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          fontSize: 16,
          fontWeight: 600,
          marginBottom: 12,
        }}
      >
        {RESULT_ICON[level]}
        <span data-testid="import-result-text">{text}</span>
      </div>
      {task.status === TaskStatus.failure && task.error_msg && (
        <Typography.Paragraph type="danger">{task.error_msg}</Typography.Paragraph>
      )}
      <div className="fk-import-result">
        <div className="fk-import-count">
          <b style={{ color: '#20a36b' }}>{task.success_amount}</b>
          <span>成功（条）</span>
        </div>
        <div className="fk-import-count">
          <b style={{ color: task.fail_amount ? '#f04134' : undefined }}>{task.fail_amount}</b>
          <span>失败（条）</span>
        </div>
        {file && task.fail_amount > 0 && (
          <a href={file.url} download={file.name} data-testid="failure-file">
            <DownloadOutlined /> 下载失败数据（含失败原因）
          </a>
        )}
      </div>
    </div>
  );
}

/**
 * An import page (组织导入 / 成员导入): 1 download the template (fetched with the session header and
 * saved from memory), 2 choose an .xlsx (checked here for type and size) and start, 3 the result,
 * polled per spec §4.3; then the page's import records refresh.
 */
export function ImportFile({
  operatingType,
  title,
  templatePath,
  templateName,
  notes,
  testId,
}: ImportFileProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [task, setTask] = useState<Task | null>(null);
  const [page, setPage] = useState(1);
  const { track } = useTaskPolling();
  const records = useQuery({
    ...tasksQuery({ page_num: page, page_size: 10, operating_type: operatingType }),
    placeholderData: keepPreviousData,
  });

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      saveBlob(await tasksApi.template(templatePath), templateName);
    } catch {
      // the request layer has shown the error
    } finally {
      setDownloading(false);
    }
  };

  const start = async () => {
    if (!file) {
      void message.warning('请选择要导入的文件');
      return;
    }
    setUploading(true);
    try {
      const { id } = await tasksApi.importFile(operatingType, file);
      setTask({
        id,
        status: TaskStatus.running,
        operating_type: operatingType,
        operating_type_name: title,
        success_amount: 0,
        fail_amount: 0,
        export_attachment: null,
        file_name: file.name,
        creator: '',
        created_at: Date.now(),
        finished_at: null,
        error_msg: null,
      });
      setFile(null);
      void client.invalidateQueries({ queryKey: taskKeys.all });
      track(id, {
        onUpdate: setTask,
        onFinish: (t) => {
          setTask(t);
          setPage(1);
          void client.invalidateQueries({ queryKey: taskKeys.all });
          void client.invalidateQueries({ queryKey: ['org'] });
        },
      });
    } catch {
      // shown by the request layer
    } finally {
      setUploading(false);
    }
  };

  const running = task?.status === TaskStatus.running;
  const resultRef = useRef<HTMLDivElement>(null);
  const taskId = task?.id;
  const finished = !!task && !running;
  // The result step is below the fold on small screens: bring it into view when it changes.
  useEffect(() => {
    if (taskId) resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [taskId, finished]);
  const step = task ? 3 : file ? 2 : 1;

  const columns: TableColumnsType<Task> = [
    { title: '文件名', dataIndex: 'file_name', ellipsis: true },
    { title: '状态', dataIndex: 'status', width: 100, render: (s: number) => <TaskStatusTag status={s} /> },
    { title: '成功', dataIndex: 'success_amount', width: 80, align: 'right' },
    {
      title: '失败',
      dataIndex: 'fail_amount',
      width: 80,
      align: 'right',
      render: (n: number) => (n ? <Typography.Text type="danger">{n}</Typography.Text> : n),
    },
    { title: '导入时间', dataIndex: 'created_at', width: 170, render: (t: number) => formatDateTime(t) },
    {
      title: '完成时间',
      dataIndex: 'finished_at',
      width: 170,
      render: (t: number | null) => formatDateTime(t) || '-',
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_: unknown, t: Task) => {
        const f = taskFile(t);
        return f && t.fail_amount > 0 ? (
          <a href={f.url} download={f.name}>
            下载失败数据
          </a>
        ) : (
          <span className="fk-muted">-</span>
        );
      },
    },
  ];

  return (
    <div className="fk-panel" data-testid={testId}>
      <div className="fk-toolbar">
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate('/setcenter/org/staff')}
            aria-label="返回"
          />
          <div className="fk-page-title" style={{ margin: 0 }}>
            {title}
          </div>
        </Space>
      </div>
      <div className="fk-import-steps">
        <div className="fk-import-step">
          <div className={step > 1 ? 'fk-import-step-no fk-import-step-no-done' : 'fk-import-step-no'}>1</div>
          <div className="fk-import-step-body">
            <div className="fk-import-step-title">下载导入模板</div>
            <div className="fk-import-step-desc">请按模板格式填写数据，第一行表头请勿修改。</div>
            <ul className="fk-import-notes">
              {notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadTemplate()}>
              下载模板
            </Button>
          </div>
        </div>
        <div className="fk-import-step">
          <div className={step > 2 ? 'fk-import-step-no fk-import-step-no-done' : 'fk-import-step-no'}>2</div>
          <div className="fk-import-step-body">
            <div className="fk-import-step-title">上传填好的文件</div>
            <div className="fk-import-step-desc">仅支持 .xlsx 格式，文件不超过 {IMPORT_MAX_MB}MB。</div>
            <Upload.Dragger
              accept={IMPORT_ACCEPT}
              multiple={false}
              showUploadList={false}
              disabled={uploading || running}
              beforeUpload={(f) => {
                const error = checkImportFile(f);
                if (error) void message.error(error);
                else setFile(f);
                return Upload.LIST_IGNORE;
              }}
              data-testid="import-upload"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">点击或将文件拖到此处</p>
              <p className="ant-upload-hint">一次导入一个文件</p>
            </Upload.Dragger>
            {file && (
              <div className="fk-import-file" data-testid="import-file">
                <FileExcelOutlined style={{ color: '#20a36b', fontSize: 18 }} />
                <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {file.name}
                </span>
                <Typography.Text type="secondary">{formatSize(file.size)}</Typography.Text>
                <Button type="link" size="small" onClick={() => setFile(null)}>
                  移除
                </Button>
              </div>
            )}
            <div style={{ marginTop: 12 }}>
              <Button
                type="primary"
                disabled={!file || running}
                loading={uploading}
                onClick={() => void start()}
              >
                开始导入
              </Button>
            </div>
          </div>
        </div>
        <div className="fk-import-step" ref={resultRef}>
          <div
            className={task && !running ? 'fk-import-step-no fk-import-step-no-done' : 'fk-import-step-no'}
            style={task ? undefined : { background: '#e3e8f0', color: '#8a94a6' }}
          >
            3
          </div>
          <div className="fk-import-step-body">
            <div className="fk-import-step-title">导入结果</div>
            {!task ? (
              <div className="fk-import-step-desc" style={{ marginBottom: 0 }}>
                开始导入后在这里查看结果；导入在后台进行，离开本页不影响导入。
              </div>
            ) : running ? (
              <div data-testid="import-running" style={{ color: '#1f6fff' }}>
                <LoadingOutlined /> 正在导入「{task.file_name}」… 已成功 {task.success_amount} 条，失败{' '}
                {task.fail_amount} 条
              </div>
            ) : (
              <ImportResult task={task} />
            )}
          </div>
        </div>
      </div>
      <div className="fk-page-title">导入记录</div>
      <Table<Task>
        rowKey="id"
        size="middle"
        loading={records.isFetching}
        columns={columns}
        dataSource={records.data?.items ?? []}
        data-testid="import-records"
        pagination={{
          current: page,
          pageSize: 10,
          total: records.data?.page.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: setPage,
        }}
      />
    </div>
  );
}
