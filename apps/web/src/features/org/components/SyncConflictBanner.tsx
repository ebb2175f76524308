import { Alert, Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { RouterMenusContext } from '@/platform/routerContext';
import { hasMenuPath } from '@/platform/routeRules';
import { useAccess } from '@/components/Access';
import { ORG_PERM, SYNC_CONFLICT_PATH, syncPendingQuery } from '../hooks/queries';

/**
 * Pending third-party sync conflicts (has-sync-handle), for users who may see 同步冲突处理; the link
 * shows when their menus hold that screen.
 */
export function SyncConflictBanner() {
  const navigate = useNavigate();
  const { can } = useAccess();
  const { tree } = useContext(RouterMenusContext);
  const pending = useQuery({ ...syncPendingQuery, enabled: can([ORG_PERM.syncConflictView]) });
  if (!pending.data?.has_handle) return null;
  return (
    <Alert
      className="fk-sync-banner"
      type="warning"
      showIcon
      data-testid="sync-conflict-banner"
      title={`有 ${pending.data.count} 名钉钉、企业微信或飞书用户在通讯录同步时未能自动匹配到员工，请及时处理`}
      action={
        hasMenuPath(tree, SYNC_CONFLICT_PATH) ? (
          <Button size="small" type="link" onClick={() => navigate(SYNC_CONFLICT_PATH)}>
            去处理
          </Button>
        ) : undefined
      }
    />
  );
}
