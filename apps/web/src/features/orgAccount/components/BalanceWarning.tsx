import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { yuan, type OrgBalanceWarning } from '@feikong/contracts';
import { ORG_ACCOUNT_ROUTES } from '../routes';

/** The workbench's balance warning: the organisation account is under its warning threshold. */
export function BalanceWarning({ warning }: { warning: OrgBalanceWarning }) {
  const navigate = useNavigate();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="org-balance-warning"
      title={`企业账户余额 ${yuan(warning.balance)} 已低于预警阈值 ${yuan(warning.warn_threshold)}，请及时充值`}
      action={
        <Button size="small" type="primary" onClick={() => navigate(ORG_ACCOUNT_ROUTES.overview)}>
          去充值
        </Button>
      }
    />
  );
}
