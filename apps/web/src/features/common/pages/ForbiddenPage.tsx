import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** Catch-all 403 page (spec §2.3), shown without the sidebar. */
export default function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle="抱歉，您无权访问该页面"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
