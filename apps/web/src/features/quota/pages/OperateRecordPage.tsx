import { useAccess } from '@/components/Access';
import { ReleaseTable } from '../components/ReleaseTable';
import { QUOTA_PERM } from '../rules';

/** 操作记录 (quota/OperateRecord): the release runs as operations on the quota, who did them and when. */
export default function OperateRecordPage() {
  const { can } = useAccess();
  return (
    <ReleaseTable
      title="操作记录"
      testId="quota-operate-records"
      source="operateRecords"
      canOpen={can([QUOTA_PERM.releaseView])}
    />
  );
}
