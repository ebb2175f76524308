import { Alert, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { BillType } from '@feikong/contracts';
import type { Bill } from '@/api/bill';
import { isBillType } from '../billType';
import { BillFiller } from '../components/BillFiller';
import { billDetailQuery } from '../hooks/queries';

/**
 * 填写单据 (bill/BillEdit, /bill/edit?type=…&id=…): the document form (BillFiller) of a new document of a
 * type or of a saved one; a new document's first save puts its id in the URL, a submitted one opens in
 * 单据详情, and one that can no longer be edited goes there too.
 */
export default function BillEditPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || undefined;
  // A new document's first save puts its id in the URL: the form that made it stays as it is.
  const created = useRef<number | undefined>(undefined);
  const mine = id !== undefined && id === created.current;
  const existing = useQuery({ ...billDetailQuery(id ?? 0), enabled: id !== undefined && !mine });
  const toDetail = useCallback(
    (b: Bill) => navigate(`/bill/detail?id=${b.id}`, { replace: true }),
    [navigate],
  );
  if (id !== undefined && !mine && existing.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (id !== undefined && !mine && existing.isError)
    return <Alert type="error" showIcon title="单据加载失败" style={{ margin: 16 }} />;
  const typeParam = params.get('type');
  const type: BillType =
    existing.data && !mine
      ? (existing.data.billType as BillType)
      : isBillType(typeParam)
        ? typeParam
        : 'expense';
  return (
    <BillFiller
      key={mine ? 'new' : (id ?? 'new')}
      id={id}
      type={type}
      bill={mine ? undefined : existing.data}
      onCreated={(newId) => {
        created.current = newId;
        navigate(`/bill/edit?type=${type}&id=${newId}`, { replace: true });
      }}
      onSubmitted={(billId) => navigate(`/bill/detail?id=${billId}`, { replace: true })}
      onBack={() => navigate(-1)}
      onNotEditable={toDetail}
    />
  );
}
