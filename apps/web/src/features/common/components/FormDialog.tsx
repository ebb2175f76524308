import { Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { applyFieldErrors } from '@/components/formErrors';

/**
 * A small form-in-a-dialog for the user-info edits: validates, submits, keeps the dialog open on a
 * failure (server field errors go next to the fields, other errors were toasted by the request client).
 */
export function FormDialog<T extends object>({
  title,
  open,
  onClose,
  form,
  fields,
  onSubmit,
  children,
  width = 480,
  okText = '确定',
  initialValues,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  form: FormInstance<T>;
  /** The form's field names, for placing server validation messages. */
  fields: string[];
  onSubmit: (values: T) => Promise<unknown>;
  children: ReactNode;
  width?: number;
  okText?: string;
  initialValues?: Partial<T>;
}) {
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: T;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setSaving(true);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      applyFieldErrors(form, error, fields);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={okText}
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<T>
        form={form}
        layout="vertical"
        requiredMark
        preserve={false}
        initialValues={initialValues}
        style={{ marginTop: 16 }}
      >
        {children}
      </Form>
    </Modal>
  );
}
