import { App, Button, Empty, Modal, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BIND_ORG_TITLE, CHOOSE_BIND_ORG } from '@feikong/contracts';
import { setSession, useSession } from '@/stores/session';
import { organizationsQuery } from '../hooks/organizations';
import { useBindOrganization } from '../hooks/useSessionActions';
import { OrgRadioList } from './OrgRadioList';

/**
 * Bind organisation (spec §2.5, §4.1): 请选择您所在的组织, cannot be closed or cancelled; lists the
 * organisations with their child companies (name and tax id). Nothing chosen → 请选择要绑定的组织！;
 * bound → 绑定成功！ and onDone. With nothing to bind (a personal account), it says so and lets go.
 */
export function BindOrgDialog({ open, onDone }: { open: boolean; onDone: () => void }) {
  const { message } = App.useApp();
  const topOrgId = useSession((s) => s.top_org_id);
  const orgs = useQuery({ ...organizationsQuery, enabled: open });
  const bind = useBindOrganization();
  const [picked, setPicked] = useState<number | null>(null);
  const [binding, setBinding] = useState(false);
  const list = orgs.data ?? [];

  const confirm = async () => {
    if (orgs.isSuccess && list.length === 0) {
      setSession({ need_bind_org: false });
      onDone();
      return;
    }
    if (picked === null) {
      void message.warning(CHOOSE_BIND_ORG);
      return;
    }
    setBinding(true);
    try {
      await bind(picked);
      setPicked(null);
      onDone();
    } catch {
      // the request client showed the server's reason
    } finally {
      setBinding(false);
    }
  };

  return (
    <Modal
      open={open}
      title={BIND_ORG_TITLE}
      width={600}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" loading={binding} onClick={() => void confirm()}>
          {orgs.isSuccess && list.length === 0 ? '知道了' : '确定'}
        </Button>
      }
    >
      {orgs.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {orgs.isError && <Result status="warning" title="组织列表加载失败" subTitle="请刷新页面后重试" />}
      {orgs.isSuccess && list.length === 0 && (
        <Empty description="暂未查询到您所在的组织，请联系企业管理员将您添加为员工" />
      )}
      {orgs.isSuccess && list.length > 0 && (
        <>
          <div className="fk-org-hint">检测到您已被以下组织添加为员工，请选择要进入的组织：</div>
          <OrgRadioList
            orgs={list}
            value={picked}
            onChange={setPicked}
            topOrgId={topOrgId}
            showTags={false}
            showChildren
          />
        </>
      )}
    </Modal>
  );
}
