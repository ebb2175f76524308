import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { NoPermission } from '@/components/NoPermission';

/** Catch-all 403 page (spec §2.3), shown without the sidebar. */
export default function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <NoPermission
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
