import { Radio, Tag } from 'antd';
import type { OrgTreeEntry } from '@/api/auth';
import './orgDialogs.css';

/** Is this the organisation the session is in? The server says so; the stored top org is the fallback. */
export function isCurrentOrg(org: OrgTreeEntry, topOrgId: number | string | null): boolean {
  if (typeof org.is_current === 'boolean') return org.is_current;
  return topOrgId !== null && String(org.org_id) === String(topOrgId);
}

/**
 * The radio list of the switch and bind dialogs (spec §2.5): each organisation with its tax id,
 * the tags 已过期 / 当前所在, and (bind) its child companies with name and tax id.
 */
export function OrgRadioList({
  orgs,
  value,
  onChange,
  topOrgId,
  showTags = true,
  showChildren = false,
}: {
  orgs: OrgTreeEntry[];
  value: number | null;
  onChange: (orgId: number) => void;
  topOrgId: number | string | null;
  showTags?: boolean;
  showChildren?: boolean;
}) {
  return (
    <Radio.Group value={value} onChange={(e) => onChange(e.target.value as number)} style={{ width: '100%' }}>
      <div className="fk-org-list">
        {orgs.map((org) => (
          <Radio key={org.org_id} value={org.org_id} className="fk-org-item">
            <div className="fk-org-name">
              <span>{org.org_name}</span>
              {showTags && org.expired && <Tag color="error">已过期</Tag>}
              {showTags && isCurrentOrg(org, topOrgId) && <Tag color="processing">当前所在</Tag>}
            </div>
            {org.tax_id && <div className="fk-org-tax">税号：{org.tax_id}</div>}
            {showChildren && org.children.length > 0 && (
              <ul className="fk-org-children">
                {org.children.map((c) => (
                  <li key={c.org_id}>
                    <span>{c.org_name}</span>
                    <span>{c.tax_id ? `税号：${c.tax_id}` : '未填写税号'}</span>
                  </li>
                ))}
              </ul>
            )}
          </Radio>
        ))}
      </div>
    </Radio.Group>
  );
}
