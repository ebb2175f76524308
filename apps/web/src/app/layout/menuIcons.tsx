import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarsOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  CreditCardOutlined,
  CrownOutlined,
  DesktopOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  PieChartOutlined,
  ProfileOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  TagsOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * Menu icon names (meta.icon) → icons (spec §2.4: workbench, cost overview, invoice centre, my
 * invoices, my to-dos, my documents, third-party invoices, approval flow management, accounts,
 * settings, plus permission and menu). Names are compared without case, spaces, dashes or underscores,
 * so `costOverview`, `cost_overview` and `cost overview` are the same icon.
 */
const ICONS: Record<string, ReactNode> = {
  workbench: <DesktopOutlined />,
  home: <DesktopOutlined />,
  costoverview: <PieChartOutlined />,
  invoicecentre: <FolderOpenOutlined />,
  invoicecenter: <FolderOpenOutlined />,
  myinvoices: <FileTextOutlined />,
  myinvoice: <FileTextOutlined />,
  mytodos: <CheckSquareOutlined />,
  mytodo: <CheckSquareOutlined />,
  mydocuments: <FileDoneOutlined />,
  mydocument: <FileDoneOutlined />,
  thirdpartyinvoices: <AuditOutlined />,
  thirdinvoice: <AuditOutlined />,
  approvalflowmanagement: <ApartmentOutlined />,
  approvalflow: <ApartmentOutlined />,
  flow: <ApartmentOutlined />,
  accounts: <WalletOutlined />,
  account: <WalletOutlined />,
  settings: <SettingOutlined />,
  setting: <SettingOutlined />,
  permission: <SafetyCertificateOutlined />,
  menu: <BarsOutlined />,
  bill: <AccountBookOutlined />,
  profile: <ProfileOutlined />,
  org: <ClusterOutlined />,
  organization: <ClusterOutlined />,
  rightrecharge: <CrownOutlined />,
  sysinterest: <CrownOutlined />,
  store: <ShopOutlined />,
  project: <ProjectOutlined />,
  feetype: <TagsOutlined />,
  card: <CreditCardOutlined />,
};

export function iconKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/** The icon for a menu icon name; a generic one for unknown names, none for no name. */
export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  return ICONS[iconKey(name)] ?? <AppstoreOutlined />;
}
