import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import zhCN from 'antd/locale/zh_CN';

// The interface is Chinese (spec intro): antd and dayjs both in zh-CN.
dayjs.locale('zh-cn');

export const antdLocale = zhCN;
