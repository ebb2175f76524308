// 智能规则集 and 单据分析: their screens are loaded lazily by app/screenRegistry.ts; the bill edit page may
// run the rules on a draft before submitting through AuditResultAlert.
export { AuditResultAlert } from './components/AuditResultAlert';
