import { useMutation } from '@tanstack/react-query';
import { App, Typography } from 'antd';
import { useState } from 'react';
import { Dialog } from './Dialog/Dialog';
import { StaffPicker } from './StaffPicker';

/**
 * 添加成员: picks staff and adds them to a group (权限组 in 成员管理, 用户组). The page says how
 * (`add`) and what the group is called; the dialog owns the picked ids and the success message.
 */
export function AddMembersDialog({
  open,
  groupName,
  groupKind,
  hint,
  add,
  onAdded,
  onClose,
}: {
  open: boolean;
  groupName: string;
  /** 权限组 or 用户组: named in the message when everyone picked was in the group already. */
  groupKind: string;
  hint: string;
  add: (staffIds: number[]) => Promise<{ added: number }>;
  onAdded: () => void;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [picked, setPicked] = useState<number[]>([]);
  const close = () => {
    setPicked([]);
    onClose();
  };
  const mutation = useMutation({
    mutationFn: () => add(picked),
    onSuccess: (r) => {
      void message.success(r.added > 0 ? `已添加${r.added}名成员` : `所选员工已在该${groupKind}中`);
      close();
      onAdded();
    },
  });
  return (
    <Dialog
      open={open}
      title={`添加成员 · ${groupName}`}
      width={560}
      height={360}
      disabled={picked.length === 0}
      confirmLoading={mutation.isPending}
      onConfirm={() => mutation.mutate()}
      onClose={close}
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <StaffPicker value={picked} onChange={setPicked} />
    </Dialog>
  );
}
