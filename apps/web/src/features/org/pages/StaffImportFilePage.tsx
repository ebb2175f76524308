import { TaskOperatingType } from '@feikong/contracts';
import { TEMPLATE_PATHS } from '@/api/tasks';
import { ImportFile } from '../components/ImportFile';

const NOTES = [
  '姓名、手机号、所属公司、所属部门必填；手机号为11位、以1开头的数字。',
  '所属公司填写公司名称；所属部门填写从公司下第一级开始的完整路径，如“研发部/前端组”，多个部门用“;”分隔。',
  '职级、职位选填，须为系统中已有的名称；同一手机号在本组织只能有一名员工。',
  '有错误的行不会导入，导入完成后可下载失败数据，改正后再次导入。',
];

/** 成员导入 (staffImportFile, spec §2.3): member import, operating type 2. */
export default function StaffImportFilePage() {
  return (
    <ImportFile
      operatingType={TaskOperatingType.memberImport}
      title="成员导入"
      templatePath={TEMPLATE_PATHS.members}
      templateName="成员导入模板.xlsx"
      notes={NOTES}
      testId="staff-import-page"
    />
  );
}
