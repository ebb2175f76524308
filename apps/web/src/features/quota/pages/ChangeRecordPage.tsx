import { Card, DatePicker } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { QuotaChangeQuery, QuotaLedgerKindLabel } from '@feikong/contracts';
import { quotaApi, type QuotaChangeRow } from '@/api/quota';
import { useAccess } from '@/components/Access';
import { dayRange, ListSelect, ListTable, rangeToMs, SNAKE_PAGE, useListParams } from '@/components/ListPage';
import { StaffPicker } from '@/components/StaffPicker';
import { changeColumns } from '../components/ChangeColumns';
import { quotaScenesQuery } from '../queries';
import { QUOTA_PERM, releaseDetailPath } from '../rules';

const KIND_OPTIONS = Object.entries(QuotaLedgerKindLabel).map(([value, label]) => ({ value, label }));

/** 变动记录 (quota/ChangeRecord): every move of the quota ledger by person, scene, kind and time. */
export default function ChangeRecordPage() {
  const u = useListParams(QuotaChangeQuery, SNAKE_PAGE);
  const q = u.query;
  const navigate = useNavigate();
  const { can } = useAccess();
  const scenes = useQuery(quotaScenesQuery);
  const list = useQuery({
    queryKey: ['quota', 'changes', q],
    queryFn: ({ signal }) => quotaApi.changes(q, signal),
    placeholderData: keepPreviousData,
  });
  const columns = changeColumns({
    person: true,
    openRelease: can([QUOTA_PERM.releaseView]) ? (id) => navigate(releaseDetailPath(id)) : undefined,
  });
  return (
    <Card title="变动记录" data-testid="quota-change-records" className="fk-panel">
      <ListTable<QuotaChangeRow>
        query={list}
        what="「变动记录」"
        paging={u}
        columns={columns}
        filters={
          <>
            <div style={{ width: 180 }}>
              <StaffPicker
                valueKey="user_id"
                value={q.user_id ? [q.user_id] : []}
                onChange={(ids) => u.set({ user_id: ids[ids.length - 1] })}
              />
            </div>
            <ListSelect
              u={u}
              field="scene_id"
              placeholder="消费场景"
              options={scenes.data ?? []}
              width={150}
            />
            <ListSelect u={u} field="kind" placeholder="变动类型" options={KIND_OPTIONS} width={120} />
            <DatePicker.RangePicker
              value={dayRange(q.start_time, q.end_time)}
              onChange={(r) => {
                const { min, max } = rangeToMs(r);
                u.set({ start_time: min, end_time: max });
              }}
              aria-label="变动时间"
            />
          </>
        }
      />
    </Card>
  );
}
