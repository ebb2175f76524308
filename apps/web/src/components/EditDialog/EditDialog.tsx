import { App, Button, Form, Space, type FormInstance, type TableColumnType } from 'antd';
import { useState, type ReactNode } from 'react';
import { applyFieldErrors } from '../formErrors';
import { Dialog } from '../Dialog/Dialog';

type FormValues<F> = Parameters<FormInstance<F>['setFieldsValue']>[0];

export interface EditDialogOptions<T, F> {
  /** What the reset form starts from for a new item or an existing one (undefined: the form's defaults). */
  initial: (item: T | 'new') => FormValues<F> | undefined;
  /** Creates (item 'new') or updates the item from the validated values. */
  submit: (values: F, item: T | 'new') => Promise<unknown>;
  /** The form's fields that take the server's validation messages. */
  fields: readonly string[];
  /** The toast after a create (default 新增成功; an update says 保存成功). */
  createdText?: string;
  /** Refetches after a save. */
  refresh: () => unknown;
}

export interface EditDialogState<T, F> {
  /** The item in the dialog, 'new' for a create, null while closed. */
  editing: T | 'new' | null;
  form: FormInstance<F>;
  open: (item: T | 'new') => void;
  close: () => void;
  /** The dialog's confirm: validate, submit (server field errors go next to the inputs), toast, close, refresh. */
  save: () => Promise<void>;
}

/** State of an add / edit dialog over one form: open, save, close. */
export function useEditDialog<T, F>(o: EditDialogOptions<T, F>): EditDialogState<T, F> {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [form] = Form.useForm<F>();

  const open = (item: T | 'new') => {
    setEditing(item);
    form.resetFields();
    const values = o.initial(item);
    if (values) form.setFieldsValue(values);
  };

  const save = async () => {
    const v = await form.validateFields();
    try {
      if (editing !== null) await o.submit(v, editing);
    } catch (e) {
      applyFieldErrors(form, e, o.fields);
      throw e;
    }
    void message.success(editing === 'new' ? (o.createdText ?? '新增成功') : '保存成功');
    setEditing(null);
    void o.refresh();
  };

  return { editing, form, open, close: () => setEditing(null), save };
}

export interface EditDialogProps<T, F> {
  state: EditDialogState<T, F>;
  /** The title is 新增<noun> or 编辑<noun>. */
  noun: string;
  /** Replaces 新增<noun>. */
  createTitle?: string;
  width: number;
  height: number;
  /** The form items. */
  children: ReactNode;
}

/** The add / edit dialog of a list screen: a vertical form with required marks. */
export function EditDialog<T, F>({
  state,
  noun,
  createTitle,
  width,
  height,
  children,
}: EditDialogProps<T, F>) {
  const creating = state.editing === 'new';
  return (
    <Dialog
      open={state.editing !== null}
      title={creating ? (createTitle ?? `新增${noun}`) : `编辑${noun}`}
      width={width}
      height={height}
      onConfirm={state.save}
      onClose={state.close}
    >
      <Form form={state.form} layout="vertical" requiredMark>
        {children}
      </Form>
    </Dialog>
  );
}

/** The 操作 column of a list screen: 编辑, any extra buttons, 删除 (fixed right, beyond the scroll). */
export function actionColumn<T>(o: {
  edit: (item: T) => void;
  remove: (item: T) => unknown;
  extra?: (item: T) => ReactNode;
  width?: number;
  /** Names the row for screen readers: 编辑<name>, 删除<name> (e.g. 规则一线城市住宿标准). */
  name?: (item: T) => string;
}): TableColumnType<T> {
  return {
    title: '操作',
    key: 'op',
    width: o.width ?? 120,
    fixed: 'right',
    render: (_: unknown, item: T) => (
      <Space size={0}>
        <Button
          type="link"
          size="small"
          aria-label={o.name && `编辑${o.name(item)}`}
          onClick={() => o.edit(item)}
        >
          编辑
        </Button>
        {o.extra?.(item)}
        <Button
          type="link"
          size="small"
          danger
          aria-label={o.name && `删除${o.name(item)}`}
          onClick={() => void Promise.resolve(o.remove(item)).catch(() => undefined)}
        >
          删除
        </Button>
      </Space>
    ),
  };
}
