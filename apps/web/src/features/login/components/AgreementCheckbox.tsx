import { Checkbox } from 'antd';
import { Link } from 'react-router';

/** 我已阅读并同意《用户协议》和《隐私政策》 under the sign-in forms (the links open in a new tab). */
export function AgreementCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="fk-auth-agreement">
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)}>
        我已阅读并同意
        <Link to="/agreement/user" target="_blank">
          《用户协议》
        </Link>
        和
        <Link to="/agreement/privacy" target="_blank">
          《隐私政策》
        </Link>
      </Checkbox>
    </div>
  );
}
