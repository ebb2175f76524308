// 订单中心 and 消费渠道 (issue 21, decision 0043): their screens are loaded lazily by app/screenRegistry.ts.
export { VerdictTag } from './components/VerdictTag';
