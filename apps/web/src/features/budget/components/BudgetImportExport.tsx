import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import {
  BUDGET_TABLE_AMOUNT,
  BUDGET_TABLE_CONTROL,
  BUDGET_TABLE_PERIOD,
  TaskOperatingType,
  TaskStatus,
  importResultMessage,
} from '@feikong/contracts';
import { downloadLink, taskFile, tasksApi, type Task } from '@/api/tasks';
import { useTaskPolling } from '@/features/common';

export interface BudgetImportExportProps {
  budgetId: number;
  /** 部门 or 项目: the budget's own dimension, named in the dialog's notes. */
  dimensionText: string;
  canEdit: boolean;
  /** The import published a new version: refetch the budget. */
  onImported: () => void;
}

const MAX_MB = 20;

/**
 * 预算详情's 导出 (task 151: nodes × periods with 预算, 预占, 已用, 可用) and 导入 (task 150, decision 0054): a dialog
 * with the template (151 with template: the import columns, filled with the current amounts), the upload and
 * the result — a new version, or nothing published and the failure file with every bad row's reason. Results
 * are also in the download centre.
 */
export function BudgetImportExport({
  budgetId,
  dimensionText,
  canEdit,
  onImported,
}: BudgetImportExportProps) {
  const { message } = App.useApp();
  const { track, running } = useTaskPolling();
  const [open, setOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [result, setResult] = useState<Task | null>(null);
  const [exportId, setExportId] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState<number | null>(null);

  const exportTask = async (template: boolean) => {
    const { id } = await tasksApi.exportFile(TaskOperatingType.budgetExport, {
      budget_id: budgetId,
      template,
    });
    (template ? setTemplateId : setExportId)(id);
    track(id);
  };
  const upload = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) {
      void message.error('请上传 .xlsx 格式的文件');
      return;
    }
    if (file.size > MAX_MB * 1024 * 1024) {
      void message.error(`文件不能超过 ${MAX_MB}MB`);
      return;
    }
    setImporting(true);
    setResult(null);
    try {
      const { id } = await tasksApi.importFile(TaskOperatingType.budgetImport, file, { budget_id: budgetId });
      track(id, {
        notify: false,
        onFinish: (task) => {
          setImporting(false);
          setResult(task);
          if (task.status === TaskStatus.success && task.fail_amount === 0) onImported();
        },
      });
    } catch {
      setImporting(false);
    }
  };
  const failure = result ? taskFile(result) : null;
  const outcome =
    result === null
      ? null
      : result.status === TaskStatus.failure
        ? { type: 'error' as const, text: result.error_msg || '预算导入失败' }
        : result.fail_amount > 0
          ? {
              type: 'error' as const,
              text: `${result.fail_amount} 行有误，未发布任何数据；请按失败明细修改后重新导入`,
            }
          : {
              type: 'success' as const,
              text: `${importResultMessage(result.success_amount, 0).message}已导入 ${result.success_amount} 行，发布为新版本`,
            };

  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        disabled={false}
        loading={exportId !== null && running.includes(exportId)}
        onClick={() => void exportTask(false)}
        data-testid="budget-export"
      >
        导出
      </Button>
      {canEdit && (
        <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="budget-import">
          导入
        </Button>
      )}
      <Modal
        title="导入预算"
        open={open}
        width={640}
        footer={<Button onClick={() => setOpen(false)}>关闭</Button>}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <div data-testid="budget-import-dialog">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            导入的表格即整个预算：每行一个预算节点的一个期间，列为{dimensionText}
            编码（或名称）、费用类型编码（可选）、
            {BUDGET_TABLE_PERIOD}（日期单元格或如 2026-03、2026Q1 的文字）、{BUDGET_TABLE_AMOUNT}
            （不小于 0，最多两位小数，空为该期间不设预算）、{BUDGET_TABLE_CONTROL}
            （可选：同预算、合并标记、个人承担、禁止；
            空为保持节点原设置）。全部行无误时发布为一个新版本；任何一行有误则不发布，失败明细列出每一行的原因。
          </Typography.Paragraph>
          <Space style={{ marginBottom: 12 }}>
            <Button
              icon={<DownloadOutlined />}
              loading={templateId !== null && running.includes(templateId)}
              onClick={() => void exportTask(true)}
              data-testid="budget-import-template"
            >
              下载模板
            </Button>
            <Typography.Text type="secondary">模板已填入当前预算金额</Typography.Text>
          </Space>
          <Upload.Dragger
            accept=".xlsx"
            showUploadList={false}
            disabled={importing}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
            data-testid="budget-import-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {importing ? '导入中，请稍候…' : '点击或拖拽 .xlsx 文件到此处上传'}
            </p>
          </Upload.Dragger>
          {outcome && (
            <Alert
              style={{ marginTop: 12 }}
              type={outcome.type}
              showIcon
              data-testid="budget-import-result"
              title={outcome.text}
              action={
                failure ? (
                  <Button size="small" onClick={() => downloadLink(failure.url, failure.name)}>
                    下载失败明细
                  </Button>
                ) : undefined
              }
            />
          )}
        </div>
      </Modal>
    </>
  );
}
