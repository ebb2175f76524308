import { App, Empty, Modal, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SYSTEM_NOTICE_TITLE, switchOrgConfirm } from '@feikong/contracts';
import { useSession } from '@/stores/session';
import { organizationsQuery } from '../hooks/organizations';
import { useSwitchOrganization } from '../hooks/useSessionActions';
import { isCurrentOrg, OrgRadioList } from './OrgRadioList';

/**
 * Switch organisation (spec §2.5): radio list of the caller's organisations with the tags 已过期 and
 * 当前所在; confirming asks 确定要切换到组织【名称】吗？ and then switches (see useSwitchOrganization).
 */
export function SwitchOrgDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal, message } = App.useApp();
  const topOrgId = useSession((s) => s.top_org_id);
  const orgs = useQuery({ ...organizationsQuery, enabled: open });
  const switchTo = useSwitchOrganization();
  const [picked, setPicked] = useState<number | null>(null);

  const list = orgs.data ?? [];
  const current = list.find((o) => isCurrentOrg(o, topOrgId));
  const selected = picked ?? current?.org_id ?? null;

  const close = () => {
    setPicked(null);
    onClose();
  };

  const confirm = () => {
    const target = list.find((o) => o.org_id === selected);
    if (!target) {
      void message.warning('请选择要切换的组织');
      return;
    }
    if (current && target.org_id === current.org_id) {
      void message.info('您当前已在该组织');
      return;
    }
    modal.confirm({
      title: SYSTEM_NOTICE_TITLE,
      content: switchOrgConfirm(target.org_name),
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await switchTo(target.org_id);
        close();
      },
    });
  };

  return (
    <Modal
      open={open}
      title="切换组织"
      width={560}
      onCancel={close}
      onOk={confirm}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: list.length === 0 }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {orgs.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {orgs.isError && <Result status="warning" title="组织列表加载失败" subTitle="请稍后重试" />}
      {orgs.isSuccess && list.length === 0 && <Empty description="您还未加入到任何组织" />}
      {orgs.isSuccess && list.length > 0 && (
        <>
          <div className="fk-org-hint">请选择要进入的组织，切换后将以该组织的身份使用系统。</div>
          <OrgRadioList orgs={list} value={selected} onChange={setPicked} topOrgId={topOrgId} />
        </>
      )}
    </Modal>
  );
}
