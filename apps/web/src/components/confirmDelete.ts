import type { App } from 'antd';
import { RequestError } from '@/api/http/request';

type AppApi = Pick<ReturnType<typeof App.useApp>, 'modal' | 'message'>;

export interface ConfirmDeleteOptions {
  /** The question, e.g. 确定删除职称【高级工程师】吗？ */
  content: string;
  /** The server's delete check, run first: a refusal shows its reason instead of the question. */
  check?: () => Promise<{ can_delete: boolean; reason?: string | null }>;
  /** Shown for a refusal without a reason. */
  refusedText?: string;
  /** The confirm button (default 删除). */
  okText?: string;
  /** The toast after the deletion (default 删除成功). */
  doneText?: string;
  remove: () => Promise<unknown>;
  /**
   * The server refuses the deletion itself (a flow or form documents still use): its reason answers as
   * 无法删除 instead of the error toast.
   */
  refusalAnswers?: boolean;
  /** After the toast (selection, refetch); the confirmation stays busy until it settles. */
  then?: () => unknown;
}

/**
 * The delete confirmation of the list screens: 系统提示 with a danger button, the call, a toast and
 * a refresh. With `check`, a refusal (无法删除) answers instead of the question.
 */
export async function confirmDelete({ modal, message }: AppApi, o: ConfirmDeleteOptions): Promise<void> {
  if (o.check) {
    const check = await o.check();
    if (!check.can_delete) {
      modal.warning({ title: '无法删除', content: check.reason ?? o.refusedText, okText: '知道了' });
      return;
    }
  }
  modal.confirm({
    title: '系统提示',
    content: o.content,
    okText: o.okText ?? '删除',
    okButtonProps: { danger: true },
    onOk: async () => {
      try {
        await o.remove();
      } catch (e) {
        if (!o.refusalAnswers) throw e;
        modal.warning({
          title: '无法删除',
          content: e instanceof RequestError ? e.msg : '删除失败',
          okText: '知道了',
        });
        return;
      }
      void message.success(o.doneText ?? '删除成功');
      await o.then?.();
    },
  });
}
