import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TenantNotifyType, type VersionNotice } from '@feikong/contracts';
import { useAccess } from '@/components/Access';
import { useSession } from '@/stores/session';
import { readDismissed, saveDismissed, useVersionNotices } from '../hooks/notices';
import { alertTypeOf, noticeOrderPath, RIGHTS_PERM, visibleNotices } from '../rules';

/** A version notice (spec §3): notify_type 1 danger, 2 warning, 3 primary. */
export type { VersionNotice };

/**
 * The product-version alert bar under the header (spec §2.4): the tenant's notices (GET
 * tenant:notify, fed by hooks/notices.ts), product-type ones hidden for welfare / shop_welfare
 * (spec §6), each with 立即订购 → productVersion (add-on notices open its add-on tab). `notices` adds
 * more; `orderPath` overrides where 立即订购 goes. Danger notices cannot be closed; the others can,
 * for the browser session. With none, nothing is drawn. Every notice is a purchase prompt, so only those
 * who may buy (rightRecharge:buy) see any (the server sends the others none either).
 */
export function VersionNoticeBar({ notices, orderPath }: { notices?: VersionNotice[]; orderPath?: string }) {
  const navigate = useNavigate();
  const uiType = useSession((s) => s.ui_type);
  const fetched = useVersionNotices();
  const [dismissed, setDismissed] = useState(readDismissed);
  const { can } = useAccess();
  if (!can([RIGHTS_PERM.buy])) return null;
  const all = [...fetched, ...visibleNotices(notices, uiType)].filter((n) => !dismissed.includes(n.message));
  if (all.length === 0) return null;

  const dismiss = (message: string) => {
    const next = [...dismissed, message];
    setDismissed(next);
    saveDismissed(next);
  };

  return (
    <div className="fk-notices" data-testid="version-notices">
      {all.map((n, i) => (
        <Alert
          key={`${n.product_type ?? ''}-${n.product_id ?? ''}-${i}`}
          banner
          type={alertTypeOf(n.notify_type)}
          title={n.message}
          closable={n.notify_type === TenantNotifyType.danger ? false : { onClose: () => dismiss(n.message) }}
          action={
            <Button
              size="small"
              type="primary"
              danger={n.notify_type === TenantNotifyType.danger}
              onClick={() => navigate(orderPath ?? noticeOrderPath(n))}
            >
              立即订购
            </Button>
          }
        />
      ))}
    </div>
  );
}
