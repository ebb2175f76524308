import { Result } from 'antd';
import { MissingFormId, SubAppShell } from '../shared/SubAppShell';
import { readFormId } from '../shared/formId';
import { PRINT_FRAME_MIN, SUB_APPS } from '../shared/registry';

/** The form-print sub-app (route name subFormPrint); lays out at least 1200x600 (spec §9). */
export function FormPrintApp({
  location = window.location,
}: {
  location?: { pathname: string; search: string };
}) {
  const id = readFormId(location);
  return (
    <SubAppShell
      app="subFormPrint"
      style={{ minWidth: PRINT_FRAME_MIN.width, minHeight: PRINT_FRAME_MIN.height }}
    >
      {id ? (
        <Result status="info" title={`打印表单 ${id}`} subTitle="打印内容加载中" />
      ) : (
        <MissingFormId base={SUB_APPS.subFormPrint.base} />
      )}
    </SubAppShell>
  );
}
