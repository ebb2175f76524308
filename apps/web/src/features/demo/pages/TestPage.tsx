import { Alert, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUnsavedChanges } from '@/platform/unsaved';

/** /test: a scratch page for the shell — the unsaved-change confirmation and keep-alive checks. */
export default function TestPage() {
  const [note, setNote] = useState('');
  useUnsavedChanges(note ? '您填写的内容尚未保存，确定要离开吗？' : null);
  return (
    <Card title="测试页" data-testid="test-page">
      <Space orientation="vertical" style={{ width: '100%' }} size={16}>
        <Alert
          type="info"
          showIcon
          title="在下方输入内容后离开本页（点击菜单、面包屑或链接），会先询问是否放弃未保存的内容。"
        />
        <Form layout="vertical" style={{ maxWidth: 480 }}>
          <Form.Item label="备注">
            <Input.TextArea
              rows={3}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="输入任意内容"
              data-testid="unsaved-input"
            />
          </Form.Item>
        </Form>
        <Typography.Paragraph>
          <Link to="/compDemo">前往组件示例</Link>
        </Typography.Paragraph>
      </Space>
    </Card>
  );
}
