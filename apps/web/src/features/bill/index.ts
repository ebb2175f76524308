// The bill feature offers nothing to other features: its screens (我的单据 lists, 填写单据, 单据详情,
// 我的待办, 我发起的) are loaded lazily by app/screenRegistry.ts.
export {};
