import { TaskOperatingType } from '@feikong/contracts';
import { TEMPLATE_PATHS } from '@/api/tasks';
import { ImportFile } from '../components/ImportFile';

const NOTES = [
  '公司名称必填：已存在的公司直接使用，不存在的会在“上级公司”下新建（上级公司为空时建在顶级组织下）。',
  '部门路径选填：从公司下第一级部门开始，层级用“/”分隔，如“研发部/前端组”，不存在的部门会逐级新建。',
  '税号选填：15–20位数字或大写字母；排序选填：非负整数。',
  '有错误的行不会导入，导入完成后可下载失败数据，改正后再次导入。',
];

/** 组织导入 (orgImportFile, spec §2.3): organisation import, operating type 1. */
export default function OrgImportFilePage() {
  return (
    <ImportFile
      operatingType={TaskOperatingType.orgImport}
      title="组织导入"
      templatePath={TEMPLATE_PATHS.orgs}
      templateName="组织导入模板.xlsx"
      notes={NOTES}
      testId="org-import-page"
    />
  );
}
