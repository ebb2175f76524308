import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useAccess } from '@/components/Access';
import { ReleaseTable } from '../components/ReleaseTable';
import { QUOTA_PERM, QUOTA_ROUTES } from '../rules';

/** 发放列表 (quota/ReleaseList): every release run (by plan, import or by hand) with its status; 手动发放. */
export default function ReleaseListPage() {
  const { can } = useAccess();
  const navigate = useNavigate();
  return (
    <ReleaseTable
      title="发放列表"
      testId="quota-release-list"
      source="releases"
      canOpen
      actions={
        can([QUOTA_PERM.releaseAdd]) && (
          <Button type="primary" onClick={() => navigate(QUOTA_ROUTES.issue)} data-testid="quota-issue-open">
            手动发放
          </Button>
        )
      }
    />
  );
}
