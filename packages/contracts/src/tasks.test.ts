import { describe, expect, it } from 'vitest';
import {
  TASK_TYPES_WITHOUT_RESULT_MESSAGE,
  TaskOperatingType,
  TaskOperatingTypeLabel,
  TaskStatus,
  describeTaskResult,
  importResultMessage,
  isImportTask,
  isTaskFinished,
  parseExportUrl,
  taskFailureMessage,
  taskTypeName,
} from './tasks.js';

describe('task types', () => {
  it('names every spec type in Chinese', () => {
    expect(Object.keys(TaskOperatingTypeLabel).map(Number)).toEqual([
      1, 2, 3, 4, 5, 7, 8, 9, 10, 12, 13, 14, 25, 26, 27, 30, 33, 34, 35, 40, 41, 131, 142, 150, 151, 152,
      153, 154, 155, 156, 159,
    ]);
    // 通讯录同步 (decision 0061) reports its users as counts, like an import.
    expect(taskTypeName(TaskOperatingType.directorySync)).toBe('通讯录同步');
    expect(isImportTask(159)).toBe(true);
    // 采购管理 (decision 0058): 采购申请 30 (the spec's), 采购任务 154, 采购订单 155; exports.
    expect(taskTypeName(TaskOperatingType.purchaseTaskExport)).toBe('采购任务导出');
    expect(taskTypeName(TaskOperatingType.purchaseOrderExport)).toBe('采购订单导出');
    expect(isImportTask(154)).toBe(false);
    expect(taskTypeName(TaskOperatingType.budgetSync)).toBe('预算同步');
    // 卡片列表导出 (decision 0057) writes a file.
    expect(taskTypeName(TaskOperatingType.cardListExport)).toBe('卡片列表导出');
    expect(isImportTask(156)).toBe(false);
    // 预算同步 (decision 0056) reports its linked budgets as counts, like an import.
    expect(isImportTask(153)).toBe(true);
    expect(taskTypeName(TaskOperatingType.spendAnalysisExport)).toBe('费用分析导出');
    expect(isImportTask(142)).toBe(false);
    expect(taskTypeName(TaskOperatingType.budgetAnalysisExport)).toBe('预算执行导出');
    expect(isImportTask(152)).toBe(false);
    expect(taskTypeName(1)).toBe('组织导入');
    expect(taskTypeName('2')).toBe('成员导入');
    expect(taskTypeName(TaskOperatingType.orgExport)).toBe('组织导出');
    expect(taskTypeName(4)).toBe('成员导出');
    expect(taskTypeName(35)).toBe('卡片操作列表导出');
    expect(taskTypeName(999)).toBe('后台任务');
  });
  it('1, 2 and 131 (额度发放导入, decision 0042) are imports; 33 shows no result message', () => {
    expect(isImportTask(1)).toBe(true);
    expect(isImportTask(2)).toBe(true);
    expect(isImportTask(131)).toBe(true);
    // 预算导入 (decision 0054) imports; 预算导出 writes a file.
    expect(isImportTask(150)).toBe(true);
    expect(isImportTask(151)).toBe(false);
    expect(taskTypeName(TaskOperatingType.budgetImport)).toBe('预算导入');
    expect(isImportTask(3)).toBe(false);
    expect(TASK_TYPES_WITHOUT_RESULT_MESSAGE).toEqual([33]);
  });
  it('status 1 and 2 are finished, 0 is running', () => {
    expect(TaskStatus).toEqual({ running: 0, success: 1, failure: 2 });
    expect(isTaskFinished(0)).toBe(false);
    expect(isTaskFinished(1)).toBe(true);
    expect(isTaskFinished(2)).toBe(true);
  });
});

describe('importResultMessage', () => {
  it('both counts → 成功 N 条，失败 M 条!', () => {
    expect(importResultMessage(8, 2)).toEqual({ level: 'warning', message: '成功 8 条，失败 2 条!' });
  });
  it('only failures → 失败！', () => {
    expect(importResultMessage(0, 3)).toEqual({ level: 'error', message: '失败！' });
    expect(importResultMessage(null, 3)).toEqual({ level: 'error', message: '失败！' });
  });
  it('no failure → 成功！ (also for an empty file)', () => {
    expect(importResultMessage(10, 0)).toEqual({ level: 'success', message: '成功！' });
    expect(importResultMessage(0, 0)).toEqual({ level: 'success', message: '成功！' });
    expect(importResultMessage(undefined, undefined)).toEqual({ level: 'success', message: '成功！' });
  });
});

describe('taskFailureMessage and parseExportUrl', () => {
  it('task name followed by 失败', () => {
    expect(taskFailureMessage(1)).toBe('组织导入失败');
    expect(taskFailureMessage(14)).toBe('单据导出失败');
  });
  it('reads the url out of export_attachment JSON, null otherwise', () => {
    expect(parseExportUrl('{"url":"https://x/a.xlsx"}')).toBe('https://x/a.xlsx');
    expect(parseExportUrl('{"url":""}')).toBeNull();
    expect(parseExportUrl('not json')).toBeNull();
    expect(parseExportUrl('null')).toBeNull();
    expect(parseExportUrl(null)).toBeNull();
  });
});

describe('describeTaskResult', () => {
  it('running tasks keep polling', () => {
    expect(describeTaskResult({ status: 0, operating_type: 1 })).toEqual({ kind: 'pending' });
  });
  it('type 33 shows nothing, success or failure', () => {
    expect(describeTaskResult({ status: 1, operating_type: 33 })).toEqual({ kind: 'silent' });
    expect(describeTaskResult({ status: 2, operating_type: 33 })).toEqual({ kind: 'silent' });
  });
  it('failure → name + 失败', () => {
    expect(describeTaskResult({ status: 2, operating_type: 4 })).toEqual({
      kind: 'failure',
      level: 'error',
      message: '成员导出失败',
    });
  });
  it('import success → counts message', () => {
    expect(describeTaskResult({ status: 1, operating_type: 2, success_amount: 5, fail_amount: 1 })).toEqual({
      kind: 'import',
      level: 'warning',
      message: '成功 5 条，失败 1 条!',
    });
  });
  it('export success → name + 成功 and the file url', () => {
    expect(
      describeTaskResult({ status: 1, operating_type: 3, export_attachment: '{"url":"/files/org.xlsx"}' }),
    ).toEqual({ kind: 'export', level: 'success', message: '组织导出成功', url: '/files/org.xlsx' });
  });
});
