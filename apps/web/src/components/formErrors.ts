import type { FormInstance } from 'antd';
import { parseReplyError, toAntdFieldErrors } from '../api/http/request';
import { notify } from '../api/http/notify';

type SetFieldsArg = Parameters<FormInstance['setFields']>[0];

/**
 * For calls made with `handleFieldErrors: true`: puts a validation reply's messages next to the
 * form's own inputs. Messages for fields the form does not have are toasted so none is lost.
 * Returns true when the error was a validation reply.
 */
export function applyFieldErrors(form: FormInstance, error: unknown, formFields: readonly string[]): boolean {
  const decision = parseReplyError(error);
  if (decision.action !== 'fields') return false;
  const own = decision.fields.filter((f) => formFields.includes(f.field.split('.')[0]));
  const other = decision.fields.filter((f) => !own.includes(f));
  if (own.length) form.setFields(toAntdFieldErrors(own) as SetFieldsArg);
  if (other.length) notify.error(other.map((f) => f.msg).join('；'));
  return true;
}
