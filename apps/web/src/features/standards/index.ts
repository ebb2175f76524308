// 差旅与费用标准 (设置中心): 差旅标准, 费用标准, 管控设置, 标准设置. The screens are loaded lazily by
// app/screenRegistry.ts; nothing else is shared yet.
export { STANDARD_PERM } from './hooks/queries';
