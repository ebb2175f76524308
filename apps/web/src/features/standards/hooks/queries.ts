import { queryOptions } from '@tanstack/react-query';
import type { StandardDimension, TripKind } from '@feikong/contracts';
import { standardsApi } from '@/api/standards';

export const STANDARD_PERM = {
  tripView: 'tripStandard:view',
  tripEdit: 'tripStandard:edit',
  costView: 'costStandard:view',
  costEdit: 'costStandard:edit',
  controlView: 'controlSetting:view',
  controlEdit: 'controlSetting:edit',
  settingView: 'standardSetting:view',
  settingEdit: 'standardSetting:edit',
} as const;

export const standardKeys = {
  all: ['standards'] as const,
  setting: ['standards', 'setting'] as const,
  dimensions: ['standards', 'dimensions'] as const,
  trip: (kind: TripKind, dimension: StandardDimension) => ['standards', 'trip', kind, dimension] as const,
  cost: (feeType: string, dimension: StandardDimension) => ['standards', 'cost', feeType, dimension] as const,
};

export const settingQuery = queryOptions({
  queryKey: standardKeys.setting,
  queryFn: ({ signal }) => standardsApi.setting(signal),
});
export const dimensionsQuery = queryOptions({
  queryKey: standardKeys.dimensions,
  queryFn: ({ signal }) => standardsApi.dimensions(signal),
});
export const tripQuery = (kind: TripKind, dimension: StandardDimension) =>
  queryOptions({
    queryKey: standardKeys.trip(kind, dimension),
    queryFn: ({ signal }) => standardsApi.trip(kind, dimension, signal),
  });
export const costQuery = (feeType: string, dimension: StandardDimension) =>
  queryOptions({
    queryKey: standardKeys.cost(feeType, dimension),
    queryFn: ({ signal }) => standardsApi.cost(feeType, dimension, signal),
  });

/** 元 as typed → 分; empty → undefined. */
export const toFen = (yuan: number | null | undefined) =>
  yuan === null || yuan === undefined ? undefined : Math.round(yuan * 100);
export const toYuan = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? null : fen / 100;
