// The bill feature's screens (我的单据 lists, 填写单据, 单据详情, 我的待办, 我发起的) are loaded lazily by
// app/screenRegistry.ts. Others use: the document form (BillFiller, the /web-form/ sub-app's runStart),
// the custom-form runtime (FormRuntime, the form designer's preview) and its money input.
export { BillFiller } from './components/BillFiller';
export { FormRuntime } from './components/FormRuntime';
export { YuanInput } from './components/YuanInput';
