import { Result } from 'antd';
import { MissingFormId, SubAppShell } from '../shared/SubAppShell';
import { readFormId } from '../shared/formId';
import { SUB_APPS } from '../shared/registry';

/** The form sub-app (route name subForm). It renders the form named in the URL; the form runtime comes later. */
export function FormApp({ location = window.location }: { location?: { pathname: string; search: string } }) {
  const id = readFormId(location);
  return (
    <SubAppShell app="subForm">
      {id ? (
        <Result status="info" title={`表单 ${id}`} subTitle="表单加载中" />
      ) : (
        <MissingFormId base={SUB_APPS.subForm.base} />
      )}
    </SubAppShell>
  );
}
