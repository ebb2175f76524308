import { AuditOutlined, FileProtectOutlined, PieChartOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark';
import './authLayout.css';

const FEATURES = [
  {
    icon: <AuditOutlined />,
    title: '事前申请 · 智能审批',
    text: '申请、审批、报销全流程线上流转，规则自动校验',
  },
  {
    icon: <FileProtectOutlined />,
    title: '发票识别 · 自动查验',
    text: 'OCR 识别与全票种查验，重复报销实时拦截',
  },
  {
    icon: <PieChartOutlined />,
    title: '预算管控 · 实时分析',
    text: '部门与项目预算实时占用，费用结构一目了然',
  },
];

/** The public identity screens: brand panel on the left, the form card on the right. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="fk-auth">
      <div className="fk-auth-frame">
        <aside className="fk-auth-brand" aria-hidden="true">
          <div className="fk-auth-logo">
            <BrandMark size={40} inverse />
            <span>
              费控
              <small>FEIKONG</small>
            </span>
          </div>
          <div className="fk-auth-slogan">
            <h2>
              让每一笔企业支出
              <br />
              合规、透明、可控
            </h2>
            <p>一站式企业费用管控与员工福利平台，覆盖差旅、采购、报销与对公支付</p>
          </div>
          <ul className="fk-auth-features">
            {FEATURES.map((f) => (
              <li key={f.title}>
                {f.icon}
                <div>
                  <b>{f.title}</b>
                  <span>{f.text}</span>
                </div>
              </li>
            ))}
          </ul>
          <div className="fk-auth-copyright">
            © {new Date().getFullYear()} 费控 Feikong · 企业费用管控平台
          </div>
        </aside>
        <main className="fk-auth-main">
          <h1 className="fk-auth-title">{title}</h1>
          {subtitle ? <p className="fk-auth-subtitle">{subtitle}</p> : <div style={{ height: 24 }} />}
          <div className="fk-auth-body">{children}</div>
          <div className="fk-auth-footer">{footer ?? '安全登录 · 数据全程加密传输'}</div>
        </main>
      </div>
    </div>
  );
}
