import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { BrandMark } from '../components/BrandMark';
import { PRIVACY_POLICY, USER_AGREEMENT, type Agreement } from '../agreements';
import './agreement.css';

/** A readable agreement page: a light header and the text in one column. */
function AgreementView({ doc }: { doc: Agreement }) {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${doc.title} - 费控`;
  }, [doc.title]);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/login'));
  return (
    <div className="fk-agreement">
      <header className="fk-agreement-bar">
        <div className="fk-agreement-bar-inner">
          <span className="fk-agreement-logo">
            <BrandMark size={24} /> 费控
          </span>
          <Button type="link" icon={<ArrowLeftOutlined />} onClick={back}>
            返回
          </Button>
        </div>
      </header>
      <article className="fk-agreement-doc">
        <Typography.Title level={2} style={{ textAlign: 'center' }}>
          {doc.title}
        </Typography.Title>
        <p className="fk-agreement-dates">
          <span>更新日期：{doc.updated}</span>
          <span style={{ marginLeft: 32 }}>生效日期：{doc.effective}</span>
        </p>
        {doc.preface.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {doc.sections.map((s) => (
          <section key={s.heading}>
            <h3>{s.heading}</h3>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}

export function UserAgreementPage() {
  return <AgreementView doc={USER_AGREEMENT} />;
}

export function PrivacyAgreementPage() {
  return <AgreementView doc={PRIVACY_POLICY} />;
}
