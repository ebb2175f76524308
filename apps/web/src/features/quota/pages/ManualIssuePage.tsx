import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Form, Input, Row, Space, Typography, Upload } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QUOTA_IMPORT_COLUMNS, TaskOperatingType, type QuotaPreview } from '@feikong/contracts';
import { quotaApi } from '@/api/quota';
import { tasksApi } from '@/api/tasks';
import { useAccess } from '@/components/Access';
import { useTaskPolling } from '@/features/common';
import { PreviewTable } from '../components/PreviewTable';
import { SceneAmountFields } from '../components/SceneAmountFields';
import { ScopeFields } from '../components/ScopeFields';
import { ValidityFields } from '../components/ValidityFields';
import {
  DEFAULT_VALIDITY,
  QUOTA_PERM,
  QUOTA_ROUTES,
  releaseDetailPath,
  toManualBody,
  type ManualForm,
} from '../rules';

/**
 * 手动发放 (quota/ManualIssue): a scene, who (全员, departments, user groups, persons) and how much each →
 * 预览 (who gets how much, balances before and after) → 确认发放 runs it and opens its 发放详情.
 * 导入发放 sends an .xlsx (手机号, 发放金额（元）, 场景) to task 131 of the task centre.
 */
export default function ManualIssuePage() {
  const [form] = Form.useForm<ManualForm>();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const { can } = useAccess();
  const client = useQueryClient();
  const { track } = useTaskPolling();
  const [preview, setPreview] = useState<QuotaPreview | null>(null);

  const previewRun = useMutation({
    mutationFn: (f: ManualForm) => quotaApi.preview(toManualBody(f)),
    onSuccess: setPreview,
  });
  const run = useMutation({
    mutationFn: () => quotaApi.run(toManualBody(form.getFieldsValue(true) as ManualForm)),
    onSuccess: (r) => {
      void message.success(r.operate_status === 4 ? '发放失败' : '发放成功');
      void client.invalidateQueries({ queryKey: ['quota'] });
      navigate(releaseDetailPath(r.id));
    },
  });
  const upload = async (file: File) => {
    const { id } = await tasksApi.importFile(TaskOperatingType.quotaReleaseImport, file);
    void message.info('额度发放导入中，完成后将提示结果');
    track(id, { onFinish: () => void client.invalidateQueries({ queryKey: ['quota'] }) });
  };

  const confirmRun = () => {
    if (!preview) return;
    modal.confirm({
      title: '确认发放',
      content: `向 ${preview.people} 人发放「${preview.scene_name}」额度，共 ${(preview.total / 100).toFixed(2)} 元，确认发放吗？`,
      okText: '确认发放',
      onOk: () => run.mutateAsync(),
    });
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="手动发放"
        data-testid="quota-issue"
        className="fk-panel"
        extra={<Button onClick={() => navigate(QUOTA_ROUTES.releaseList)}>返回发放列表</Button>}
      >
        <Form<ManualForm>
          form={form}
          layout="vertical"
          initialValues={{ ...DEFAULT_VALIDITY, scope: { all: false } }}
          onValuesChange={() => setPreview(null)}
          onFinish={(v) => previewRun.mutate(v)}
        >
          <Row gutter={16}>
            <SceneAmountFields testId="quota-issue" />
            <Col span={8}>
              <Form.Item label="备注" name="memo">
                <Input maxLength={100} placeholder="选填，员工的变动记录中可见" />
              </Form.Item>
            </Col>
          </Row>
          <ValidityFields />
          <ScopeFields />
          <Space>
            <Button htmlType="submit" loading={previewRun.isPending} data-testid="quota-issue-preview">
              预览
            </Button>
            <Button
              type="primary"
              disabled={!preview || preview.people === 0}
              loading={run.isPending}
              onClick={confirmRun}
              data-testid="quota-issue-run"
            >
              确认发放
            </Button>
          </Space>
        </Form>
      </Card>
      {preview && (
        <Card title="发放预览" className="fk-panel">
          {preview.people === 0 ? (
            <Alert type="warning" showIcon message="发放范围内没有在职员工" />
          ) : (
            <PreviewTable preview={preview} />
          )}
        </Card>
      )}
      {can([QUOTA_PERM.releaseAdd]) && (
        <Card title="导入发放" className="fk-panel">
          <Typography.Paragraph type="secondary">
            上传 .xlsx 文件，第一行为表头：{QUOTA_IMPORT_COLUMNS.join('、')}
            （场景填场景名称）。每个场景生成一条发放记录，
            导入发放的额度长期有效、累计发放；有误的行列在结果文件中，可在下载中心查看。
          </Typography.Paragraph>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="quota-import">
              导入发放文件
            </Button>
          </Upload>
        </Card>
      )}
    </Space>
  );
}
