/**
 * The base family (/finobase/api/v1/, decision 0060): enumerations, 数据字典 and 公告. Others may ask whether a
 * value is an enabled entry of a tenant's dictionary (custom forms' dictionary selects).
 */
export { registerBaseRoutes, BasePerm, BASE_PREFIX } from './base.routes.js';
export { isDictValue, dictEnums } from './dict.service.js';
