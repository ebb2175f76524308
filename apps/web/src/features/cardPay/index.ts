// 企业卡 (issue 23, decision 0057): 卡片列表, 卡片详情 and 卡片发放 are loaded lazily by app/screenRegistry.ts.
export { CARD_PERM } from './queries';
